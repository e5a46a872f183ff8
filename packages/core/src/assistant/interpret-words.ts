import { addDays, dayOfWeek } from '../dates/week.ts';
import type { AssistantWeek } from './assistant-week.ts';
import { Stop } from './interpret-outcome.ts';

/**
 * The interpreter's words: the patterns for days, times and ranges that the forms (interpret-forms.ts)
 * are written with, and their readings into dates and clock times. Apart from the forms so the rules
 * for "9 to 5" or "Monday to Friday" live in one place, whatever sentence they appear in.
 */

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)';
/** A day: a weekday, today, tomorrow, YYYY-MM-DD, "the 12th", "12 March", "March 12th" (issue 45). */
export const DAY = `(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|today|tomorrow|\\d{4}-\\d{2}-\\d{2}|(?:the\\s+)?${ORDINAL}(?:\\s+(?:of\\s+)?${MONTH}\\b)?|\\d{1,2}\\s+${MONTH}\\b|${MONTH}\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)?\\b)`;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const DAYS = `${DAY}(?:\\s*(?:,|and|&|to|through|till|until|-)\\s*${DAY})*`;
const TIME = '(?:\\d{1,2}(?:[:.]\\d{2})?\\s*(?:am|pm)?|noon|midday|midnight)';
export const RANGE = `(?:from\\s+|between\\s+)?${TIME}\\s*(?:-|–|to|till|until|and)\\s*${TIME}`;
export const OWN = "(?:'s|’s|s'|’)?";

const WEEKDAY_PREFIX = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `pattern` with DAY, DAYS, RANGE and OWN filled in, whole-clause, case-insensitive. */
export const form = (pattern: string) =>
  new RegExp(
    `^${pattern.replaceAll('DAYS', DAYS).replaceAll('DAY', DAY).replaceAll('RANGE', RANGE).replaceAll('OWN', OWN)}$`,
    'i',
  );

/** The date a day word means in the week on screen. */
export function dateOf(word: string, week: AssistantWeek): string {
  const w = word.toLowerCase();
  if (w === 'today') return week.today;
  if (w === 'tomorrow') return addDays(week.today, 1);
  if (/^\d{4}-\d{2}-\d{2}$/.test(w)) return w;
  const numbered = /\d/.test(w) ? dayOfMonth(w, week) : null;
  if (numbered) return numbered;
  const weekday = WEEKDAY_PREFIX.indexOf(w.slice(0, 3));
  for (let i = 0; i < 7; i++) {
    const date = addDays(week.weekStartDate, i);
    if (dayOfWeek(date) === weekday) return date;
  }
  throw new Stop('not-understood', `I don't know which day "${word}" is.`);
}

/**
 * "the 12th": the 12th in the week on screen, else the next 12th after its start; "12 March" or
 * "March 12": that date in the week's year, or the next year's when it is more than half a year gone.
 */
function dayOfMonth(word: string, week: AssistantWeek): string | null {
  const day = Number(/\d{1,2}/.exec(word)![0]);
  const monthWord = /[a-z]{3,}/.exec(word.replace(/^the\s+/, '').replace(/\d+(?:st|nd|rd|th)/, ''));
  const month = monthWord ? MONTHS.indexOf(monthWord[0].slice(0, 3)) : -1;
  const iso = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m, d));
    return date.getUTCDate() === d ? date.toISOString().slice(0, 10) : null;
  };
  const [y, m] = week.weekStartDate.split('-').map(Number) as [number, number];
  if (month >= 0) {
    const date = iso(y, month, day);
    if (!date) throw new Stop('not-understood', `"${word}" is not a date.`);
    return date < addDays(week.weekStartDate, -183) ? iso(y + 1, month, day) : date;
  }
  for (let i = 0; i < 7; i++) {
    const date = addDays(week.weekStartDate, i);
    if (Number(date.slice(8)) === day) return date;
  }
  for (let k = 0; k < 13; k++) {
    const date = iso(y, m - 1 + k, day);
    if (date && date >= week.weekStartDate) return date;
  }
  throw new Stop('not-understood', `"${word}" is not a date.`);
}

/** The dates of a day list: "Monday and Tuesday", "Mon, Wed, Fri", "Monday to Friday". */
export function datesOf(text: string, week: AssistantWeek): string[] {
  const words = text.match(new RegExp(DAY, 'gi')) ?? [];
  const separators = text.split(new RegExp(DAY, 'i')).slice(1, -1);
  const dates: string[] = [];
  words.forEach((word, i) => {
    const date = dateOf(word, week);
    const range = i > 0 && /^\s*(?:to|through|till|until|-)\s*$/i.test(separators[i - 1] ?? '');
    if (range && dates.length) {
      for (let d = addDays(dates.at(-1)!, 1); d <= date; d = addDays(d, 1)) dates.push(d);
    } else dates.push(date);
  });
  return [...new Set(dates)];
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

/** One time as typed, in minutes after midnight, and whether it said am/pm or used the 24-hour clock. */
function readTime(text: string): { minutes: number; fixed: boolean } {
  const t = text.trim().toLowerCase();
  if (t === 'noon' || t === 'midday') return { minutes: 720, fixed: true };
  if (t === 'midnight') return { minutes: 0, fixed: true };
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/.exec(t)!;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? 0);
  if (hours > 23 || minutes > 59 || (match[3] && (hours > 12 || hours === 0))) {
    throw new Stop('not-understood', `"${text.trim()}" is not a time of day.`);
  }
  if (match[3] === 'pm' && hours < 12) hours += 12;
  if (match[3] === 'am' && hours === 12) hours = 0;
  // "06:00" (a leading zero) is the 24-hour clock as much as "18:00" is.
  const fixed = Boolean(match[3]) || hours >= 13 || hours === 0 || match[1]!.startsWith('0');
  return { minutes: hours * 60 + minutes, fixed };
}

/**
 * A time range as people say it: "9 to 5" is 09:00–17:00, "2-10" is 14:00–22:00, "6 to 2" 06:00–14:00,
 * "22:00-06:00" runs overnight. An hour without am/pm (1–12, not a 24-hour time) may be morning or
 * afternoon; of the readings, the first in this order wins (issue 45): one of at most 12 hours before one
 * longer; one ending the same day before an overnight one; one starting at 07:00 or later before an
 * earlier start; then the shorter. So "6 to 2" is 06:00–14:00 (18:00–02:00 runs overnight, 06:00–02:00
 * is 20 hours) and "2-10" 14:00–22:00 (02:00–10:00 starts before 07:00).
 */
export function readRange(text: string): { startTime: string; endTime: string } {
  const cleaned = text.replace(/^\s*(?:from|between)\s+/i, '');
  const parts = cleaned.split(/\s*(?:-|–|\bto\b|\btill\b|\buntil\b|\band\b)\s*/i).filter(Boolean);
  if (parts.length !== 2) throw new Stop('not-understood', `"${text}" is not a time range.`);
  const start = readTime(parts[0]!);
  const end = readTime(parts[1]!);
  const readings = (t: { minutes: number; fixed: boolean }) =>
    t.fixed || t.minutes >= 720 ? [t.minutes] : [t.minutes, t.minutes + 720];
  const options = readings(start).flatMap((s) =>
    readings(end).map((e) => ({ s, e, length: (e - s + 1440) % 1440 })),
  );
  const score = (o: { s: number; e: number; length: number }) => [
    o.length > 720 ? 1 : 0,
    o.e <= o.s ? 1 : 0,
    o.s < 420 ? 1 : 0,
    o.length,
  ];
  const usable = options.filter((o) => o.length > 0);
  if (usable.length === 0) {
    throw new Stop(
      'not-understood',
      `A shift from ${clock(start.minutes)} to ${clock(end.minutes)} has no length.`,
    );
  }
  const best = usable.sort((a, b) => {
    const [x, y] = [score(a), score(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return 0;
  })[0]!;
  return { startTime: clock(best.s), endTime: clock(best.e) };
}

const BREAK = /\s*,?\s*with\s+(?:an?\s+)?(\d{1,3})\s*(?:m|min|mins|minute|minutes)\s+break\b/i;
const HOUR_BREAK = /\s*,?\s*with\s+(?:an?\s+)?(?:hour|1\s*hour|one\s+hour)(?:'s|\s+long)?\s+break\b/i;

/** "with a 30 minute break" taken out of a clause, and its minutes (0 when none is said). */
export function takeBreak(clause: string): { clause: string; breakMinutes: number } {
  const minutes = BREAK.exec(clause);
  if (minutes) return { clause: clause.replace(BREAK, ''), breakMinutes: Number(minutes[1]) };
  if (HOUR_BREAK.test(clause)) return { clause: clause.replace(HOUR_BREAK, ''), breakMinutes: 60 };
  return { clause, breakMinutes: 0 };
}

/** "a, b and c" (or "a, b or c"): the names or times a reply lists. */
export const listed = (items: readonly string[], last = 'and') =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${last} ${items.at(-1)}`;
