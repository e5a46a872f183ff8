import { addDays } from '../dates/week.ts';
import { formatDateGb } from '../shifts/display.ts';
import { hhmm, spanMinutes } from '../shifts/times.ts';

/**
 * Open shifts (issue 27): a place on the rota that administrators post and members claim. The rules
 * both the server and the web app decide with; no I/O, no clock (callers pass `today`).
 */

/** How many people one open shift can ask for: a busy day's extra hands, not a whole rota. */
export const MAX_OPEN_SHIFT_STAFF = 50;
/** The role an open shift asks for is compared with the staff list's role (contracts/staff MAX_ROLE_LENGTH). */
export const MAX_OPEN_SHIFT_ROLE = 50;
export const MAX_OPEN_SHIFT_NOTES = 500;
/** How far ahead an open shift may be posted: a year, as far as anyone plans a rota. */
export const OPEN_SHIFT_MAX_DAYS_AHEAD = 366;

export const OPEN_SHIFT_CLAIM_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type OpenShiftClaimStatus = (typeof OPEN_SHIFT_CLAIM_STATUSES)[number];

export const OPEN_SHIFT_MESSAGES = {
  sameTimes: 'The end time must differ from the start time',
  breakTooLong: 'The break must be shorter than the shift',
  past: 'Open shifts cannot be posted for a date in the past',
  tooFar: `Open shifts can be posted at most ${OPEN_SHIFT_MAX_DAYS_AHEAD} days ahead`,
  roleDoesNotFit: 'This open shift is for another role',
  alreadyClaimed: 'You have already claimed this open shift',
  filled: 'This open shift has been filled',
  notOnStaff: 'Only people on the team’s staff list can claim open shifts',
  leaving: 'This open shift is after your last day on the team',
  hidden: 'Open shift not found',
  decided: (status: string) => `This claim was already ${status}`,
} as const;

/** What the form and the API check of an open shift (the date's format and bounds are the schema's). */
export type OpenShiftFields = {
  shiftDate: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
};

/**
 * The first problem of an open shift, or null. Overnight shifts (an end before the start) are allowed;
 * `earliest` is the first date it may be on (the server passes yesterday in UTC, as requests do: a
 * time zone ahead may already be on today), and it may be at most a year after that; null (the
 * schema, which has no clock) skips the dates.
 */
export function openShiftProblem(
  shift: OpenShiftFields,
  earliest: string | null,
): { field: keyof OpenShiftFields; message: string } | null {
  if (earliest !== null) {
    if (shift.shiftDate < earliest) return { field: 'shiftDate', message: OPEN_SHIFT_MESSAGES.past };
    if (shift.shiftDate > addDays(earliest, OPEN_SHIFT_MAX_DAYS_AHEAD))
      return { field: 'shiftDate', message: OPEN_SHIFT_MESSAGES.tooFar };
  }
  if (shift.startTime.slice(0, 5) === shift.endTime.slice(0, 5))
    return { field: 'endTime', message: OPEN_SHIFT_MESSAGES.sameTimes };
  if (shift.breakMinutes >= spanMinutes(shift.startTime, shift.endTime))
    return { field: 'breakMinutes', message: OPEN_SHIFT_MESSAGES.breakTooLong };
  return null;
}

/** A role fits when the open shift names none, or the same as the person's, ignoring case and spaces around. */
export function roleFits(openShiftRole: string | null, staffRole: string): boolean {
  const wanted = openShiftRole?.trim().toLowerCase() ?? '';
  return wanted === '' || wanted === staffRole.trim().toLowerCase();
}

/** An open shift is filled once as many claims were approved as it asks people for. */
export function isFilled(shift: { staffCount: number; filled: number }): boolean {
  return shift.filled >= shift.staffCount;
}

/** "03/12/2026 09:00–17:00 (Barista)": how emails and the audit name an open shift. */
export function describeOpenShift(shift: {
  shiftDate: string;
  startTime: string;
  endTime: string;
  role: string | null;
}): string {
  const times = `${hhmm(shift.startTime)}–${hhmm(shift.endTime)}`;
  return `${formatDateGb(shift.shiftDate)} ${times}${shift.role ? ` (${shift.role})` : ''}`;
}
