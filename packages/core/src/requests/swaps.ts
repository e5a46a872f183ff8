import { findConflict, type ScheduleEntry } from '../shifts/conflicts.ts';
import { describeEntry } from '../shifts/describe.ts';
import { formatDateGb } from '../shifts/display.ts';
import { isDateLocked } from '../shifts/lock.ts';
import { isActiveOn } from '../staff/staff-rules.ts';
import { firstStrictBreach } from '../staffing/strict.ts';
import type { StaffingEntry } from '../staffing/timeline.ts';
import type { StaffingContext } from '../staffing/validate.ts';
import type { RequestStatus } from './requests.ts';

/**
 * Swaps and give-aways (issue 27): a member offers one of their own shifts for a colleague's (swap)
 * or hands it over (give-away, to a named colleague or to anyone). The server and the web form decide
 * with these functions; the exchange itself is written by the shift service.
 */

export const SWAP_MESSAGES = {
  notYours: 'You can only swap or give away your own shifts',
  timeOff: 'Time off cannot be swapped or given away',
  past: 'Only future shifts can be swapped or given away',
  locked: (date: string) =>
    `The schedule is locked up to ${formatDateGb(date)}: that shift can no longer change`,
  youLeave: (date: string) => `You leave the team before ${formatDateGb(date)}`,
  sameShift: 'Pick a colleague’s shift to swap with',
  targetTimeOff: 'A colleague’s time off cannot be swapped',
  targetPast: 'The colleague’s shift is in the past',
  targetLocked: (date: string) =>
    `The schedule is locked up to ${formatDateGb(date)}: the colleague’s shift can no longer change`,
  self: 'Pick a colleague, not yourself',
  noAccount: (name: string) => `${name} has not joined Rotaboard yet, so cannot accept`,
  colleagueLeaves: (name: string, date: string) => `${name} leaves the team before ${formatDateGb(date)}`,
  changed: 'A shift in this request changed after it was sent; ask again with the shift as it is now',
  vanished: 'A shift in this request no longer exists',
  /**
   * One open swap or give-away per shift (issue 45): a second is refused, naming the first when it is
   * the asker's own, so a colleague or the reviewers are not asked the same thing again and again.
   */
  alreadyAsked: (first: { description: string; status: 'awaiting_colleague' | 'pending' } | null) =>
    first
      ? `You already asked about this shift: “${first.description}” (${
          first.status === 'awaiting_colleague' ? 'waiting for the colleague' : 'waiting for approval'
        }). Cancel that request, or wait for its answer, before asking again.`
      : // Someone else's request: what they asked is theirs, so it is not told.
        'That shift is already in another open swap or give-away. Try again once it has been answered.',
} as const;

/**
 * How many requests of any kind one member may send in an hour (issue 45): enough for anyone's real
 * week, few enough that nobody fills a colleague's or an administrator's bell. Counted per person
 * across every server process (through Redis when it is set).
 */
export const REQUESTS_PER_HOUR = 20;

/** The sentence of a 429 for sending too many requests; `seconds` until the next may be sent. */
export function tooManyRequestsMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `You have sent ${REQUESTS_PER_HOUR} requests in the last hour. You can send another in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** A shift as these rules read it. */
export type SwapShift = ScheduleEntry & { shiftId: string; staffId: string; breakMinutes: number };

/** A member of staff as these rules read them (`userId` null: invited but not joined). */
export type SwapColleague = {
  staffId: string;
  name: string;
  userId: string | null;
  leavingDate: string | null;
};

/**
 * Why `requesterStaffId` may not offer `shift` (their own, not time off, today or later, on a day the
 * lock leaves open, before they leave), or null when they may.
 */
export function offerProblem(
  shift: SwapShift,
  requester: { staffId: string; leavingDate: string | null },
  today: string,
  lockedUntil: string | null,
): string | null {
  if (shift.staffId !== requester.staffId) return SWAP_MESSAGES.notYours;
  if (shift.isTimeOff) return SWAP_MESSAGES.timeOff;
  if (shift.shiftDate < today) return SWAP_MESSAGES.past;
  if (isDateLocked(shift.shiftDate, lockedUntil)) return SWAP_MESSAGES.locked(lockedUntil!);
  if (!isActiveOn(requester.leavingDate, shift.shiftDate)) return SWAP_MESSAGES.youLeave(shift.shiftDate);
  return null;
}

/**
 * Why `target` (a colleague's shift) may not be swapped for `shift`: a shift (not time off) of another
 * person, today or later and open, and each of the two on the team on the other's date.
 */
export function swapTargetProblem(
  shift: SwapShift,
  target: SwapShift,
  requester: { staffId: string; leavingDate: string | null },
  colleague: SwapColleague,
  today: string,
  lockedUntil: string | null,
): string | null {
  if (target.shiftId === shift.shiftId || target.staffId === requester.staffId)
    return SWAP_MESSAGES.sameShift;
  if (target.isTimeOff) return SWAP_MESSAGES.targetTimeOff;
  if (target.shiftDate < today) return SWAP_MESSAGES.targetPast;
  if (isDateLocked(target.shiftDate, lockedUntil)) return SWAP_MESSAGES.targetLocked(lockedUntil!);
  return colleagueProblem(shift, requester, colleague) ?? leavesBefore(requester, target);
}

const leavesBefore = (requester: { leavingDate: string | null }, target: SwapShift) =>
  isActiveOn(requester.leavingDate, target.shiftDate) ? null : SWAP_MESSAGES.youLeave(target.shiftDate);

/**
 * Why `colleague` may not be named to take `shift`: not the requester, joined (they must accept), and
 * on the team on the shift's date.
 */
export function colleagueProblem(
  shift: SwapShift,
  requester: { staffId: string },
  colleague: SwapColleague,
): string | null {
  if (colleague.staffId === requester.staffId) return SWAP_MESSAGES.self;
  if (!colleague.userId) return SWAP_MESSAGES.noAccount(colleague.name);
  if (!isActiveOn(colleague.leavingDate, shift.shiftDate)) {
    return SWAP_MESSAGES.colleagueLeaves(colleague.name, shift.shiftDate);
  }
  return null;
}

/** A new swap or give-away waits for the colleague it names; one to anyone goes straight to review. */
export function initialSwapStatus(targetStaffId: string | null): RequestStatus {
  return targetStaffId ? 'awaiting_colleague' : 'pending';
}

export type RequestEvent =
  | { kind: 'respond'; accept: boolean }
  | { kind: 'review'; approve: boolean }
  | { kind: 'cancel' };

/**
 * The requests' state machine: awaiting_colleague → (colleague accepts) pending | (declines) rejected;
 * pending → approved | rejected by review; cancelled by the requester while undecided. Returns the new
 * status, or a sentence saying why the step is not open (a 409).
 */
export function nextRequestStatus(
  status: RequestStatus,
  event: RequestEvent,
): { status: RequestStatus } | { problem: string } {
  const closed = { problem: `This request was already ${status}` };
  switch (event.kind) {
    case 'respond':
      if (status !== 'awaiting_colleague') {
        return status === 'pending' ? { problem: 'This request was already answered' } : closed;
      }
      return { status: event.accept ? 'pending' : 'rejected' };
    case 'review':
      if (status === 'awaiting_colleague')
        return { problem: 'The colleague has not answered this request yet' };
      if (status !== 'pending') return closed;
      return { status: event.approve ? 'approved' : 'rejected' };
    case 'cancel':
      return status === 'pending' || status === 'awaiting_colleague' ? { status: 'cancelled' } : closed;
  }
}

/** One shift changing hands: to another person, or to nobody (a give-away to anyone). */
export type ShiftMove = { shift: SwapShift; toStaffId: string | null };

/** The moves an approved request makes: both shifts change hands (swap), or one does (give-away). */
export function movesFor(
  request: { requestType: 'swap' | 'give_away'; targetStaffId: string | null },
  shift: SwapShift,
  target: SwapShift | null,
): ShiftMove[] {
  if (request.requestType === 'swap') {
    return [
      { shift, toStaffId: target!.staffId },
      { shift: target!, toStaffId: shift.staffId },
    ];
  }
  return [{ shift, toStaffId: request.targetStaffId }];
}

/**
 * The first clash the exchange would make under the conflict rule: each moved shift against its new
 * owner's entries as they will be after every move (the shifts moving away no longer theirs). `entries`
 * are the people's entries around the dates concerned. Null when nobody would be double-booked.
 */
export function exchangeClash(
  moves: readonly ShiftMove[],
  entries: readonly (ScheduleEntry & { shiftId: string })[],
): { move: ShiftMove; clash: ScheduleEntry } | null {
  const moving = new Set(moves.map((m) => m.shift.shiftId));
  const after = [
    ...entries.filter((e) => !moving.has(e.shiftId)),
    ...moves.flatMap((m) => (m.toStaffId === null ? [] : [{ ...m.shift, staffId: m.toStaffId }])),
  ];
  for (const move of moves) {
    if (move.toStaffId === null) continue;
    const clash = findConflict({ ...move.shift, staffId: move.toStaffId }, after);
    if (clash) return { move, clash };
  }
  return null;
}

/**
 * The conflict rule's sentence for an exchange clash, naming whose schedule it breaks: a first name
 * ("Kim") or a possessive as is ("your").
 */
export function exchangeClashMessage(name: string, clash: ScheduleEntry): string {
  const whose = name === 'your' ? name : `${name}'s`;
  return `This would clash with ${whose} ${clash.isTimeOff ? 'time off' : 'shift'} on ${describeEntry(clash)}`;
}

/**
 * The first strict staffing rule the exchange would break: the moving shifts leave their owners first,
 * then arrive with their new ones, so a swap of a morning for an evening on the same day is not read as
 * two shifts at once. `context.entries` are the schedule as it stands.
 */
export function exchangeStrictBreach(context: StaffingContext, moves: readonly ShiftMove[]) {
  const moving = new Set(moves.map((m) => m.shift.shiftId));
  const arriving: StaffingEntry[] = moves.flatMap((m) =>
    m.toStaffId === null ? [] : [{ ...m.shift, staffId: m.toStaffId }],
  );
  return firstStrictBreach(
    { ...context, entries: context.entries.filter((e) => !moving.has(e.shiftId)) },
    arriving,
  );
}

/**
 * A swap or give-away in a few words, for emails and the request lists: "a swap of 07/12/2026
 * 09:00–17:00 for Ben's 08/12/2026 09:00–17:00", "to give away 07/12/2026 09:00–17:00 to anyone".
 * A shift that no longer exists reads as such.
 */
export function describeSwap(request: {
  requestType: 'swap' | 'give_away';
  shift: string | null;
  targetShift: string | null;
  targetName: string | null;
}): string {
  const gone = 'a shift that no longer exists';
  const mine = request.shift ?? gone;
  if (request.requestType === 'swap') {
    return `a swap of ${mine} for ${request.targetName ?? 'a colleague'}'s ${request.targetShift ?? gone}`;
  }
  return `to give away ${mine} to ${request.targetName ?? 'anyone'}`;
}
