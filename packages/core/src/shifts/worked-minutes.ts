import { cutText } from '../input/bounds.ts';
import { DEFAULT_TIME_ZONE, elapsedMinutes } from '../time/zone.ts';
import { spanMinutes } from './times.ts';

export const ADJUSTMENT_REASONS = {
  sick: 'Sick Leave',
  unpaid_leave: 'Unpaid Leave',
  lateness: 'Late Arrival',
  early_finish: 'Early Finish',
  absence: 'Unscheduled Absence',
  other: 'Other',
} as const;
export type AdjustmentReason = keyof typeof ADJUSTMENT_REASONS;
export const ADJUSTMENT_COMMENT_MAX = 50;

export type AttendanceAdjustment = { minutes: number; reason: AdjustmentReason; comment: string };

/** Minutes clamped to a whole number of at least 0, and the comment cut to 50 characters (spec 1 §5). */
export function normaliseAdjustment(input: {
  minutes: unknown;
  reason: AdjustmentReason;
  comment?: string | null;
}): AttendanceAdjustment {
  const minutes = Number(input.minutes);
  return {
    minutes: Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0,
    reason: input.reason,
    comment: cutText((input.comment ?? '').trim(), ADJUSTMENT_COMMENT_MAX),
  };
}

/** The total of the adjustments' (positive) minutes. */
export function adjustmentMinutes(adjustments: readonly { minutes: number }[]): number {
  return adjustments.reduce((sum, a) => sum + Math.max(0, a.minutes), 0);
}

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
