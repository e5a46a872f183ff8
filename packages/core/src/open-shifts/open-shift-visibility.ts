import { lastReadableDate, type ScheduleLock } from '../shifts/lock.ts';
import { isActiveOn } from '../staff/staff-rules.ts';
import { spanInstants } from '../time/zone.ts';
import { isFilled, OPEN_SHIFT_MESSAGES, roleFits } from './open-shifts.ts';

/**
 * What a member of staff may see and claim of the open shifts (issue 27), and until when (issue 44):
 * an open shift is there to take until its end instant in the team's zone. Apart from open-shifts.ts
 * because it places times in a zone (core time/zone, the zone rules the web app loads only when it
 * needs them): the server decides these; the web's form needs only open-shifts.ts.
 */

/**
 * A member of staff looking at open shifts: their role, last day, the team's lock, its time zone and
 * the server's clock (`now`, epoch milliseconds).
 */
export type OpenShiftViewer = {
  role: string;
  leavingDate: string | null;
  lock: ScheduleLock;
  timeZone: string;
  now: number;
};

/** Where an open shift is on the rota: its date and wall-clock times (an end before the start runs overnight). */
export type OpenShiftSlot = { shiftDate: string; startTime: string; endTime: string };

/**
 * The instant (epoch milliseconds) an open shift ends, in the team's zone (core time/zone): 22:00–06:00
 * ends at 06:00 the next morning, after real elapsed time across a clock change.
 */
export function openShiftEndsAt(shift: OpenShiftSlot, timeZone: string): number {
  return spanInstants(shift.shiftDate, shift.startTime, shift.endTime, timeZone).end;
}

/**
 * Whether an open shift still has hours to work at `now`: until its end instant in the team's zone,
 * not only while its date is today or later. An overnight shift dated yesterday (a sick call's cover
 * posted at 01:00 for 22:00–06:00) is still to be taken; one whose end has passed is over, even today.
 */
export function openShiftStillToWork(shift: OpenShiftSlot, timeZone: string, now: number): boolean {
  return openShiftEndsAt(shift, timeZone) > now;
}

/**
 * Whether a member of staff may see (and so claim) an open shift: not once it is over (its end
 * instant in the team's zone, issue 44: a shift begun yesterday and running past midnight is still
 * shown), not on a date after a lock that hides later days from staff (the schedule's own rule,
 * shifts/lock), and not after their leaving date.
 */
export function mayReadOpenShift(viewer: OpenShiftViewer, shift: OpenShiftSlot): boolean {
  if (!openShiftStillToWork(shift, viewer.timeZone, viewer.now)) return false;
  const last = lastReadableDate(viewer.lock, false);
  if (last && shift.shiftDate > last) return false;
  return isActiveOn(viewer.leavingDate, shift.shiftDate);
}

/** An open shift as the staff rules read it: where it is, the role it asks for and its places. */
export type OpenShiftForStaff = OpenShiftSlot & { role: string | null; staffCount: number; filled: number };

/** What staff see: open shifts not yet filled, still to work, on dates they may read, whose role fits theirs. */
export function openShiftVisibleToStaff(viewer: OpenShiftViewer, shift: OpenShiftForStaff): boolean {
  return !isFilled(shift) && mayReadOpenShift(viewer, shift) && roleFits(shift.role, viewer.role);
}

/** Why a member cannot claim an open shift (the status the API answers with), or null when they can. */
export function claimRefusal(
  viewer: OpenShiftViewer,
  shift: OpenShiftForStaff,
  alreadyClaimed: boolean,
): { code: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT' | 'RULE_BROKEN'; message: string } | null {
  if (!isActiveOn(viewer.leavingDate, shift.shiftDate))
    return { code: 'RULE_BROKEN', message: OPEN_SHIFT_MESSAGES.leaving };
  // Shifts already over and days a lock hides are not shown, so they are not found either.
  if (!mayReadOpenShift(viewer, shift)) return { code: 'NOT_FOUND', message: OPEN_SHIFT_MESSAGES.hidden };
  if (!roleFits(shift.role, viewer.role))
    return { code: 'FORBIDDEN', message: OPEN_SHIFT_MESSAGES.roleDoesNotFit };
  if (alreadyClaimed) return { code: 'CONFLICT', message: OPEN_SHIFT_MESSAGES.alreadyClaimed };
  if (isFilled(shift)) return { code: 'CONFLICT', message: OPEN_SHIFT_MESSAGES.filled };
  return null;
}
