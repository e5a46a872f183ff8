import { Temporal } from 'temporal-polyfill';
import { addDays } from '../dates/week.ts';
import { minutesOfDay } from '../shifts/times.ts';
import { isFixedZone as isFixed } from './clock.ts';

/**
 * The one home of time zones (issue 41). A team keeps an IANA zone; shift and time-off times are
 * wall-clock times in it, and every length is the real elapsed time between two wall-clock moments
 * there. Zone rules come from temporal-polyfill (docs/decisions/0011-time-zones.md): a time that does
 * not exist on its date (the clocks went forward over it) is refused where it is entered, and one
 * that happens twice (the clocks went back over it) means the first.
 *
 * No clock is read here: "now" is always passed in.
 */
export {
  canonicalTimeZone,
  DEFAULT_TIME_ZONE,
  isFixedZone,
  isTimeZone,
  MAX_TIME_ZONE_LENGTH,
  timeIn,
  todayIn,
} from './clock.ts';

const DAY_MINUTES = 24 * 60;

function plainDateTime(date: string, time: string): Temporal.PlainDateTime {
  const minutes = minutesOfDay(time);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Temporal.PlainDateTime(year, month, day, Math.floor(minutes / 60), minutes % 60);
}

/**
 * The instant (epoch milliseconds) of a wall-clock `time` on `date` in `zone`. A time that happens
 * twice is the first; a time in a gap is moved on by the gap's length (01:30 → 02:30 in London on the
 * night the clocks go forward), so stored times written before a zone was chosen still have a length.
 */
export function wallClockInstant(date: string, time: string, zone: string): number {
  if (isFixed(zone)) return Date.parse(`${date}T00:00:00Z`) + minutesOfDay(time) * 60_000;
  // A date with no change on it has one offset all day: the agent's timeline asks this in loops.
  const offset = steadyOffsetMinutes(date, zone);
  if (offset !== null) return Date.parse(`${date}T00:00:00Z`) + (minutesOfDay(time) - offset) * 60_000;
  const exact = plainDateTime(date, time).toZonedDateTime(zone, { disambiguation: 'earlier' });
  // 'earlier' in a gap goes back; a gap's time is meant as the same clock reading after the change.
  if (!isSameWallClock(exact, date, time)) {
    return plainDateTime(date, time).toZonedDateTime(zone, { disambiguation: 'later' }).epochMilliseconds;
  }
  return exact.epochMilliseconds;
}

const steadyOffsets = new Map<string, number | null>();

/** The zone's UTC offset in minutes all through `date`, or null when its clocks change that day. */
function steadyOffsetMinutes(date: string, zone: string): number | null {
  const key = `${zone}|${date}`;
  let offset = steadyOffsets.get(key);
  if (offset === undefined) {
    offset = clockChangesNear(addDays(date, -1), zone)
      ? null
      : Math.round(
          Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).offsetNanoseconds / 60e9,
        );
    if (steadyOffsets.size > 50_000) steadyOffsets.clear();
    steadyOffsets.set(key, offset);
  }
  return offset;
}

function isSameWallClock(zoned: Temporal.ZonedDateTime, date: string, time: string): boolean {
  return zoned.toPlainDate().toString() === date && zoned.hour * 60 + zoned.minute === minutesOfDay(time);
}

// Whether a clock change falls between a date's midnight and the midnight two days on (the longest
// reach of a shift starting that day), per zone and date. The week read asks thousands of times for
// a handful of dates; most answers are "no", and then the old arithmetic is exact.
const changeNear = new Map<string, boolean>();

function clockChangesNear(date: string, zone: string): boolean {
  if (isFixed(zone)) return false;
  const key = `${zone}|${date}`;
  let answer = changeNear.get(key);
  if (answer === undefined) {
    const start = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone });
    const end = Temporal.PlainDate.from(addDays(date, 2)).toZonedDateTime({ timeZone: zone });
    const next = start.getTimeZoneTransition('next');
    answer = next !== null && Temporal.ZonedDateTime.compare(next, end) < 0;
    if (changeNear.size > 50_000) changeNear.clear();
    changeNear.set(key, answer);
  }
  return answer;
}

/**
 * Real elapsed minutes from `startTime` on `date` to `endTime` in `zone`, the end on the next day
 * when it is earlier than the start (spec 1 §4): 22:00–06:00 is 480 minutes in UTC, 540 on the night
 * the clocks go back in London and 420 the night they go forward.
 */
export function elapsedMinutes(date: string, startTime: string, endTime: string, zone: string): number {
  const start = minutesOfDay(startTime);
  const end = minutesOfDay(endTime);
  const wall = end < start ? end + DAY_MINUTES - start : end - start;
  if (!clockChangesNear(date, zone)) return wall;
  // Near a change each answer costs two zone conversions; a week's rows repeat the same few spans.
  const key = `${zone}|${date}|${startTime}|${endTime}`;
  let minutes = nearChangeSpans.get(key);
  if (minutes === undefined) {
    const endDate = end < start ? addDays(date, 1) : date;
    minutes = Math.round(
      (wallClockInstant(endDate, endTime, zone) - wallClockInstant(date, startTime, zone)) / 60_000,
    );
    if (nearChangeSpans.size > 50_000) nearChangeSpans.clear();
    nearChangeSpans.set(key, minutes);
  }
  return minutes;
}
const nearChangeSpans = new Map<string, number>();

/** The instants a wall-clock span covers: [start, end) in epoch milliseconds, overnight when end < start. */
export function spanInstants(
  date: string,
  startTime: string,
  endTime: string,
  zone: string,
): { start: number; end: number } {
  const start = wallClockInstant(date, startTime, zone);
  return { start, end: start + elapsedMinutes(date, startTime, endTime, zone) * 60_000 };
}

/**
 * A wall-clock moment as whole minutes since 1970-01-01T00:00Z: a timeline on which differences are
 * real elapsed minutes. In UTC it is `dayNumber(date) * 1440 + minutesOfDay(time)`, the old arithmetic.
 */
export function timelineMinute(date: string, time: string, zone: string): number {
  return Math.round(wallClockInstant(date, time, zone) / 60_000);
}

/** Real minutes between two instants, e.g. the end of one working day and the start of the next. */
export function minutesBetween(from: number, to: number): number {
  return Math.round((to - from) / 60_000);
}

const DATE_WORDS = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The sentence for the first of a shift's wall-clock times that does not exist in `zone` (its start on
 * its date, its end on the same date or, when earlier than the start, the next), or null: every
 * write of shift-like times (shifts, time off, open shifts, proposals) refuses those with a 400.
 */
export function shiftWallClockProblem(
  entry: { shiftDate: string; startTime: string | null; endTime: string | null },
  zone: string,
): string | null {
  if (isFixed(zone) || !entry.startTime) return null;
  const start = missingWallClockProblem(entry.shiftDate, entry.startTime, zone);
  if (start || !entry.endTime) return start;
  const endDate =
    minutesOfDay(entry.endTime) < minutesOfDay(entry.startTime)
      ? addDays(entry.shiftDate, 1)
      : entry.shiftDate;
  return missingWallClockProblem(endDate, entry.endTime, zone);
}

/**
 * The sentence for a wall-clock time that does not exist on its date in `zone` (the clocks went
 * forward over it), or null when the time exists:
 * "01:30 does not exist on 28 March 2027 in Europe/London: the clocks go forward from 01:00 to 02:00."
 */
export function missingWallClockProblem(date: string, time: string, zone: string): string | null {
  if (!clockChangesNear(addDays(date, -1), zone)) return null;
  const zoned = plainDateTime(date, time).toZonedDateTime(zone, { disambiguation: 'earlier' });
  // In a gap, 'earlier' lands on another wall-clock reading; a time that exists (once or twice) does not.
  if (isSameWallClock(zoned, date, time)) return null;
  const change = zoned.getTimeZoneTransition('next');
  const hhmm = (t: { hour: number; minute: number }) =>
    `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
  const shown = time.slice(0, 5);
  const day = DATE_WORDS.format(new Date(`${date}T00:00:00Z`));
  if (!change) return `${shown} does not exist on ${day} in ${zone}: the clocks go forward then.`;
  // The last wall-clock reading before the change, rounded up to its minute (00:59:59.999… → 01:00).
  const before = change
    .subtract({ nanoseconds: 1 })
    .toPlainDateTime()
    .round({ smallestUnit: 'minute', roundingMode: 'ceil' });
  return `${shown} does not exist on ${day} in ${zone}: the clocks go forward from ${hhmm(before)} to ${hhmm(change)}.`;
}

/** Each clock change in `zone` whose instant falls on one of the dates from `from` to `to` (inclusive). */
export function clockChangesBetween(
  from: string,
  to: string,
  zone: string,
): { date: string; minutes: number; at: number }[] {
  if (isFixed(zone)) return [];
  const changes: { date: string; minutes: number; at: number }[] = [];
  let cursor = Temporal.PlainDate.from(from).toZonedDateTime({ timeZone: zone });
  const end = Temporal.PlainDate.from(addDays(to, 1)).toZonedDateTime({ timeZone: zone });
  for (let i = 0; i < 100; i++) {
    const next = cursor.getTimeZoneTransition('next');
    if (!next || Temporal.ZonedDateTime.compare(next, end) >= 0) break;
    const before = next.subtract({ nanoseconds: 1 });
    changes.push({
      date: next.toPlainDate().toString(),
      minutes: Math.round((next.offsetNanoseconds - before.offsetNanoseconds) / 60e9),
      at: next.epochMilliseconds,
    });
    cursor = next;
  }
  return changes;
}
