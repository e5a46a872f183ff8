import { isCalendarDate } from '@rotaboard/core/dates/week';

/** Dates on screen are en-GB (spec 1 §9). Inputs are `YYYY-MM-DD` calendar dates, read in UTC. */
function utc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const weekdayShort = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const fullDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '23 Nov – 29 Nov 2026', or '29 Dec 2025 – 4 Jan 2026' across a new year. */
export function formatDateRange(start: string, end: string): string {
  const sameYear = start.slice(0, 4) === end.slice(0, 4);
  const from = sameYear ? dayMonth.format(utc(start)) : dayMonthYear.format(utc(start));
  return `${from} – ${dayMonthYear.format(utc(end))}`;
}

/** '7 Mar': a day close to the one on screen, where the year goes without saying. */
export function formatDayMonth(date: string): string {
  return dayMonth.format(utc(date));
}

export function formatShortDate(date: string): string {
  return dayMonthYear.format(utc(date));
}

export function formatWeekday(date: string): string {
  return weekdayShort.format(utc(date));
}

export function formatLongDate(date: string): string {
  return fullDate.format(utc(date));
}

export function formatDayOfMonth(date: string): string {
  return String(Number(date.slice(8, 10)));
}

/** A real calendar date written as YYYY-MM-DD. */
export function isIsoDate(value: string | undefined): value is string {
  return isCalendarDate(value);
}
