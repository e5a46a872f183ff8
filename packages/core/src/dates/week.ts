import { isDateInRange } from '../input/bounds.ts';

/**
 * Calendar maths on `YYYY-MM-DD` strings, done in UTC so a date never shifts with the viewer's
 * time zone. No clock is read here: "today" is always passed in.
 */
const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  // The usual zero-padded form is read by position: the schedule agent's planner calls this hundreds
  // of thousands of times a run, and splitting allocated an array and three strings each time.
  if (date.length === 10 && date.charCodeAt(4) === 45 && date.charCodeAt(7) === 45) {
    let digits = true;
    for (const i of DIGIT_POSITIONS) {
      const code = date.charCodeAt(i);
      if (code < 48 || code > 57) digits = false;
    }
    if (digits) return Date.UTC(digitsAt(date, 0, 4), digitsAt(date, 5, 7) - 1, digitsAt(date, 8, 10));
  }
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}
const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9] as const;

/**
 * The number written in `text` from `from` to `to` (digits already checked). A top-level function, not
 * a closure in toUtc: a closure is made on every call, and under tsx each one is also renamed.
 */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i++) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole days from 1970-01-01 to a `YYYY-MM-DD` date: two dates' difference in days, without clocks. */
export function dayNumber(date: string): number {
  return toUtc(date) / DAY_MS;
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** The first day of the week holding `date`, for a team whose weeks start on `weekStartDay`. */
export function startOfWeek(date: string, weekStartDay: number): string {
  const back = (dayOfWeek(date) - weekStartDay + 7) % 7;
  return addDays(date, -back);
}

/** The seven dates of the week holding `date`. */
export function weekDates(date: string, weekStartDay: number): string[] {
  const start = startOfWeek(date, weekStartDay);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

/** A local calendar date as `YYYY-MM-DD`, for turning the viewer's "now" into a date. */
export function toIsoDate(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * A real calendar date written `YYYY-MM-DD` inside Rotaboard's calendar (1900 to 2999): the rule of
 * `IsoDate` (contracts/common.ts) without zod, for the browser; test/dates.test.ts keeps them equal.
 */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (!isDateInRange(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
