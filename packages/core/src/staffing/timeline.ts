import { addDays, dayOfWeek, WEEKDAY_NAMES } from '../dates/week.ts';
import { hhmm, minutesOfDay } from '../shifts/times.ts';
import { DEFAULT_TIME_ZONE, elapsedMinutes, timelineMinute } from '../time/zone.ts';

/**
 * The staffing rules' common ground: entries as the rules read them, and shifts placed on one
 * absolute minute line so that midnight and week boundaries are no special case. The line counts real
 * minutes (issue 41): a wall-clock time on a date is placed at its instant in the team's zone, so every
 * length the rules measure (rest, shift length, weekly hours, overlap) is the time that really passes,
 * an hour more or less across a clock change. In UTC it is the old arithmetic, day × 1440 + minutes.
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

/** A shift on the minute line: `start` and `end` count real minutes from 1970-01-01 00:00 UTC, end > start. */
export type PlacedShift = { entry: StaffingEntry; start: number; end: number };

/** The minute a wall-clock time on a date starts at in `zone`, on the minute line (timelineMinute). */
export function minuteOf(date: string, time: string, zone: string = DEFAULT_TIME_ZONE): number {
  return timelineMinute(date, time, zone);
}

/** A wall-clock span on a date placed on the minute line: [start, end), overnight when end ≤ start. */
export function spanOn(
  date: string,
  startTime: string,
  endTime: string,
  zone: string = DEFAULT_TIME_ZONE,
): { start: number; end: number } {
  const start = minuteOf(date, startTime, zone);
  return { start, end: start + elapsedMinutes(date, startTime, endTime, zone) };
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

/** A shift placed on the minute line in the team's zone: an end at or before the start runs past midnight. */
export function placeShift(
  entry: StaffingEntry & { startTime: string; endTime: string },
  zone: string = DEFAULT_TIME_ZONE,
): PlacedShift {
  return { entry, ...spanOn(entry.shiftDate, entry.startTime, entry.endTime, zone) };
}

/** Each person's shifts (time off left out), placed in `zone` and sorted by start. */
export function shiftsByStaff(
  entries: readonly StaffingEntry[],
  zone: string = DEFAULT_TIME_ZONE,
): Map<string, PlacedShift[]> {
  const byStaff = new Map<string, PlacedShift[]>();
  for (const entry of entries) {
    if (!isWorkShift(entry)) continue;
    const list = byStaff.get(entry.staffId) ?? [];
    list.push(placeShift(entry, zone));
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

/** 'Mon 22:00' for a wall-clock time on a date: what sentences show, whatever the zone. */
export function wallClockLabel(date: string, time: string): string {
  return `${dayLabel(date)} ${hhmm(time)}`;
}

/** 'Tue 06:00': where a shift ends on the wall clock, the next day when it runs past midnight. */
export function shiftEndLabel(shift: PlacedShift): string {
  const { entry } = shift;
  const start = minutesOfDay(entry.startTime ?? '00:00');
  const end = minutesOfDay(entry.endTime ?? '00:00');
  return wallClockLabel(
    end <= start ? addDays(entry.shiftDate, 1) : entry.shiftDate,
    entry.endTime ?? '00:00',
  );
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
