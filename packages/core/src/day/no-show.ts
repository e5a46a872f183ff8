import { addDays } from '../dates/week.ts';
import { formatDateGb } from '../shifts/display.ts';
import { formatClockRange } from '../time/format.ts';
import { spanInstants } from '../time/zone.ts';

/**
 * No-shows (issue 44): a shift whose start passed `lateAfterMinutes` ago with no clock-in. The
 * administrators are told once, while the shift is still running: after its end a missing clock-in is
 * the timesheet's business, not an alert. Every instant is placed in the team's zone (time/zone.ts), so
 * a shift across a clock change or past midnight is late by real elapsed minutes.
 */

/** The team setting's bounds (teams.late_after_minutes, a smallint): a whole number up to 12 hours. */
export const LATE_AFTER_MINUTES = { min: 1, max: 720, default: 10 } as const;

/** A shift as the no-show rule reads it: its date and wall-clock times, and whether it is no work. */
export type NoShowShift = {
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  sick: boolean;
};

/**
 * The instants between which a shift is due an alert: from its start plus `lateAfterMinutes` (the
 * first moment it is late) to its end, in epoch milliseconds; null for time off, a sick call or an
 * entry without both times (nobody is expected then).
 */
export function noShowWindow(
  shift: NoShowShift,
  lateAfterMinutes: number,
  zone: string,
): { from: number; until: number } | null {
  if (shift.isTimeOff || shift.sick || !shift.startTime || !shift.endTime) return null;
  if (shift.startTime.slice(0, 5) === shift.endTime.slice(0, 5)) return null;
  const { start, end } = spanInstants(shift.shiftDate, shift.startTime, shift.endTime, zone);
  const from = start + lateAfterMinutes * 60_000;
  // A lateness setting longer than the shift: never due (it ends before anyone would be told).
  if (from >= end) return null;
  return { from, until: end };
}

/** Whether the shift is due a no-show alert at `now`: late (start + lateAfterMinutes ≤ now) and not over (now < end). */
export function isNoShowDue(
  shift: NoShowShift,
  lateAfterMinutes: number,
  zone: string,
  now: Date | number,
): boolean {
  const window = noShowWindow(shift, lateAfterMinutes, zone);
  if (!window) return false;
  const at = typeof now === 'number' ? now : now.getTime();
  return window.from <= at && at < window.until;
}

/**
 * The shift dates a check at `now` must read, for any zone: a shift due now started within the last
 * day (a shift is at most 24 hours long) on a date no zone is more than 14 hours from UTC's. Reading
 * UTC's date two days back and one day on covers every zone and overnight shift; isNoShowDue decides.
 */
export function noShowDates(now: Date | number): { startDate: string; endDate: string } {
  const utc = new Date(typeof now === 'number' ? now : now.getTime()).toISOString().slice(0, 10);
  return { startDate: addDays(utc, -2), endDate: addDays(utc, 1) };
}

/** A shift in an email's words, in the reader's clock: "03/12/2026 9:00 am–5:00 pm" or "03/12/2026 09:00–17:00". */
export function shiftSummary(
  shift: { shiftDate: string; startTime: string | null; endTime: string | null; role?: string | null },
  hour12: boolean,
): string {
  const times =
    shift.startTime && shift.endTime ? ` ${formatClockRange(shift.startTime, shift.endTime, hour12)}` : '';
  return `${formatDateGb(shift.shiftDate)}${times}${shift.role ? ` (${shift.role})` : ''}`;
}
