import { addDays, dayNumber } from '../dates/week.ts';
import { minutesOfDay } from './times.ts';

/** What the conflict rule needs of a shift or a time-off entry. */
export type ScheduleEntry = {
  shiftId?: string | null;
  staffId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  timeOffDays: number | null;
  timeOffHours: number | null;
};

const DAY = 24 * 60;

/** Whole days of time off (1 or more) block the calendar; anything less never conflicts. */
function fullDays(entry: ScheduleEntry): number {
  return entry.isTimeOff && entry.timeOffDays !== null && entry.timeOffDays >= 1
    ? Math.ceil(entry.timeOffDays)
    : 0;
}

/** The minutes a timed shift occupies; an end before the start runs into the next day. */
function shiftRange(entry: ScheduleEntry): [number, number] | null {
  if (entry.isTimeOff || !entry.startTime || !entry.endTime) return null;
  const start = dayNumber(entry.shiftDate) * DAY + minutesOfDay(entry.startTime);
  let end = dayNumber(entry.shiftDate) * DAY + minutesOfDay(entry.endTime);
  if (end <= start) end += DAY;
  return [start, end];
}

/** The minutes whole-day time off blocks: from midnight of its date for its number of days. */
function dayOffRange(entry: ScheduleEntry): [number, number] | null {
  const days = fullDays(entry);
  if (!days) return null;
  const start = dayNumber(entry.shiftDate) * DAY;
  return [start, start + days * DAY];
}

/** Ranges overlap when start < otherEnd && otherStart < end. */
const overlaps = (a: [number, number], b: [number, number]) => a[0] < b[1] && b[0] < a[1];

/**
 * Whether two entries of the same staff member clash (spec 1 §4):
 * - timed shifts clash when their ranges overlap; an overnight shift ends the next day;
 * - whole-day time off clashes with any entry on its date, and with timed shifts (including an
 *   overnight one running into it) on every day it covers; whole-day ranges clash with each other;
 * - time off of less than a day, in hours or as a time range, otherwise never clashes.
 * No time zone is needed (issue 41): overlap only compares moments, and wall-clock times come in the
 * same order as their instants in any zone (a time the clocks pass twice means the first), so the
 * wall-clock line decides exactly as real time would; lengths are another matter (staffing/timeline.ts).
 */
export function entriesConflict(a: ScheduleEntry, b: ScheduleEntry): boolean {
  if (a.staffId !== b.staffId) return false;
  if (a.shiftId && b.shiftId && a.shiftId === b.shiftId) return false;
  if ((fullDays(a) && a.shiftDate === b.shiftDate) || (fullDays(b) && b.shiftDate === a.shiftDate))
    return true;
  const aShift = shiftRange(a);
  const bShift = shiftRange(b);
  const aOff = dayOffRange(a);
  const bOff = dayOffRange(b);
  if (aShift && bShift) return overlaps(aShift, bShift);
  if (aOff && bShift) return overlaps(aOff, bShift);
  if (bOff && aShift) return overlaps(bOff, aShift);
  if (aOff && bOff) return overlaps(aOff, bOff);
  return false;
}

/** The first existing entry `candidate` clashes with, or null. */
export function findConflict<T extends ScheduleEntry>(
  candidate: ScheduleEntry,
  existing: readonly T[],
): T | null {
  return existing.find((entry) => entriesConflict(candidate, entry)) ?? null;
}

/**
 * The dates whose entries can clash with an entry on `date` lasting `days` whole days: the day
 * before (an overnight shift), the days it covers, and the day after (its own overnight end).
 */
export function conflictWindow(date: string, days = 1): { startDate: string; endDate: string } {
  return { startDate: addDays(date, -1), endDate: addDays(date, Math.max(1, Math.ceil(days))) };
}
