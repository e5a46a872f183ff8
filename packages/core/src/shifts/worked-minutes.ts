import { DEFAULT_TIME_ZONE, elapsedMinutes } from '../time/zone.ts';
import { adjustmentMinutes } from './adjustments.ts';
import { spanMinutes } from './times.ts';

/**
 * A shift's span in real elapsed minutes in the team's `zone` (issue 41): the wall-clock difference,
 * but an hour more or less on a night the clocks change. Without a date, the wall-clock difference.
 */
export function shiftSpanMinutes(
  entry: { shiftDate?: string; startTime: string; endTime: string },
  zone: string = DEFAULT_TIME_ZONE,
): number {
  return entry.shiftDate
    ? elapsedMinutes(entry.shiftDate, entry.startTime, entry.endTime, zone)
    : spanMinutes(entry.startTime, entry.endTime);
}

/**
 * Worked minutes (spec 1 §9): span − break − positive adjustment minutes, never below 0. Time off in
 * hours counts hours × 60; time off as a time range counts its span less its break; whole or part
 * days of time off count no minutes (they are reported in days). The span is real elapsed time in the
 * team's `zone` on the entry's date (shiftSpanMinutes).
 */
export function workedMinutes(
  entry: {
    shiftDate?: string;
    isTimeOff: boolean;
    startTime: string | null;
    endTime: string | null;
    breakMinutes: number;
    timeOffHours: number | null;
    timeOffDays: number | null;
    attendanceAdjustments?: readonly { minutes: number }[];
  },
  zone: string = DEFAULT_TIME_ZONE,
): number {
  if (entry.isTimeOff) {
    if (entry.timeOffDays !== null) return 0;
    if (entry.timeOffHours !== null) return Math.round(entry.timeOffHours * 60);
  }
  if (!entry.startTime || !entry.endTime) return 0;
  const span = shiftSpanMinutes(
    { shiftDate: entry.shiftDate, startTime: entry.startTime, endTime: entry.endTime },
    zone,
  );
  return Math.max(0, span - entry.breakMinutes - adjustmentMinutes(entry.attendanceAdjustments ?? []));
}
