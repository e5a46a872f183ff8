import { cutText } from '../input/bounds.ts';

/**
 * Attendance adjustments (spec 1 §5): minutes taken off a shift's worked time, with a reason. Kept
 * apart from worked-minutes.ts, which brings the zone arithmetic: the reports and the editor's
 * adjustment field read these on the web without it.
 */
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
