import { addDays, dayNumber, dayOfWeek, WEEKDAY_NAMES } from '../dates/week.ts';
import { minutesOfDay, spanMinutes } from '../shifts/times.ts';

/**
 * The staffing rules' common ground: entries as the rules read them, and shifts placed on one
 * absolute minute line so that midnight and week boundaries are no special case.
 */

/** An entry as the rules need it: the fields of ShiftDto (contracts/shifts.ts) the rules read. */
export type StaffingEntry = {
  shiftId: string;
  staffId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  isTimeOff: boolean;
  timeOffHours?: number | null;
  timeOffDays?: number | null;
  attendanceAdjustments?: readonly { minutes: number }[];
};

/** A member of staff as the rules need them. */
export type StaffingStaff = { staffId: string; name: string; role: string; leavingDate: string | null };

/** A shift on the minute line: `start` and `end` count minutes from 1970-01-01 00:00, end > start. */
export type PlacedShift = { entry: StaffingEntry; start: number; end: number };

const DAY_MINUTES = 24 * 60;

/** The minute a wall-clock time on a date starts at, on the minute line. */
export function minuteOf(date: string, time: string): number {
  return dayNumber(date) * DAY_MINUTES + minutesOfDay(time);
}

/** The date a minute on the line falls on. */
export function dateOfMinute(minute: number): string {
  return addDays('1970-01-01', Math.floor(minute / DAY_MINUTES));
}

/** Only shifts count for the rules: time off and entries without both times are no work. */
export function isWorkShift(
  entry: StaffingEntry,
): entry is StaffingEntry & { startTime: string; endTime: string } {
  return (
    !entry.isTimeOff &&
    entry.startTime !== null &&
    entry.endTime !== null &&
    entry.startTime !== entry.endTime
  );
}

/** A shift placed on the minute line: an end at or before the start runs past midnight. */
export function placeShift(entry: StaffingEntry & { startTime: string; endTime: string }): PlacedShift {
  const start = minuteOf(entry.shiftDate, entry.startTime);
  return { entry, start, end: start + spanMinutes(entry.startTime, entry.endTime) };
}

/** Each person's shifts (time off left out), placed and sorted by start. */
export function shiftsByStaff(entries: readonly StaffingEntry[]): Map<string, PlacedShift[]> {
  const byStaff = new Map<string, PlacedShift[]>();
  for (const entry of entries) {
    if (!isWorkShift(entry)) continue;
    const list = byStaff.get(entry.staffId) ?? [];
    list.push(placeShift(entry));
    byStaff.set(entry.staffId, list);
  }
  for (const list of byStaff.values()) {
    list.sort((a, b) => a.start - b.start || a.end - b.end || a.entry.shiftId.localeCompare(b.entry.shiftId));
  }
  return byStaff;
}

/** 1 = Monday … 7 = Sunday, the weekday numbering of the settings and availability. */
export function isoWeekday(date: string): number {
  return dayOfWeek(date) || 7;
}

const MONTH_SHORT = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** 'Mon' for a date. */
export function dayLabel(date: string): string {
  return (WEEKDAY_NAMES[dayOfWeek(date)] as string).slice(0, 3);
}

/** '7 Dec' for a date. */
export function dateLabel(date: string): string {
  const [, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTH_SHORT[m - 1]}`;
}

/** 'Mon 22:00' for a minute on the line. */
export function momentLabel(minute: number): string {
  const inDay = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const hh = String(Math.floor(inDay / 60)).padStart(2, '0');
  const mm = String(inDay % 60).padStart(2, '0');
  return `${dayLabel(dateOfMinute(minute))} ${hh}:${mm}`;
}

/** Minutes as hours for a sentence: '8 h', '7.5 h', '7 h 20 min'. */
export function hoursLabel(minutes: number): string {
  const whole = Math.floor(minutes / 60);
  const rest = minutes - whole * 60;
  if (rest === 0) return `${whole} h`;
  if (rest === 30) return `${whole}.5 h`;
  return whole === 0 ? `${rest} min` : `${whole} h ${rest} min`;
}

/** A limit in hours as minutes (settings allow whole minutes only; rounding removes float dust). */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}
