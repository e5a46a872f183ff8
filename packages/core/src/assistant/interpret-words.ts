import { addDays, dayOfWeek } from '../dates/week.ts';
import type { AssistantWeek } from './assistant-week.ts';
import { Stop } from './interpret-outcome.ts';

/**
 * The interpreter's words: the patterns for days, times and ranges that the forms (interpret-forms.ts)
 * are written with, and their readings into dates and clock times. Apart from the forms so the rules
 * for "9 to 5" or "Monday to Friday" live in one place, whatever sentence they appear in.
 */

export const DAY =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|today|tomorrow|\\d{4}-\\d{2}-\\d{2})';
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
  const weekday = WEEKDAY_PREFIX.indexOf(w.slice(0, 3));
  for (let i = 0; i < 7; i++) {
    const date = addDays(week.weekStartDate, i);
    if (dayOfWeek(date) === weekday) return date;
  }
  throw new Stop('not-understood', `I don't know which day "${word}" is.`);
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
  return { minutes: hours * 60 + minutes, fixed: Boolean(match[3]) || hours >= 13 || hours === 0 };
}

/**
 * A time range as people say it: "9 to 5" is 09:00–17:00, "2-10" is 14:00–22:00, "22:00-06:00" runs
 * overnight. An hour without am/pm is read as the working day suggests.
 */
export function readRange(text: string): { startTime: string; endTime: string } {
  const cleaned = text.replace(/^\s*(?:from|between)\s+/i, '');
  const parts = cleaned.split(/\s*(?:-|–|\bto\b|\btill\b|\buntil\b|\band\b)\s*/i).filter(Boolean);
  if (parts.length !== 2) throw new Stop('not-understood', `"${text}" is not a time range.`);
  const start = readTime(parts[0]!);
  const end = readTime(parts[1]!);
  if (!start.fixed && start.minutes < 7 * 60 && end.minutes <= 12 * 60 && !end.fixed) start.minutes += 720;
  if (!end.fixed && end.minutes < 720 && end.minutes <= start.minutes && end.minutes + 720 > start.minutes) {
    end.minutes += 720;
  }
  if (start.minutes === end.minutes) {
    throw new Stop(
      'not-understood',
      `A shift from ${clock(start.minutes)} to ${clock(end.minutes)} has no length.`,
    );
  }
  return { startTime: clock(start.minutes), endTime: clock(end.minutes) };
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
