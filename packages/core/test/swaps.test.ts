import { describe, expect, it } from 'vitest';
import { RequestInput } from '../src/contracts/requests.ts';
import {
  colleagueProblem,
  describeSwap,
  exchangeClash,
  exchangeClashMessage,
  exchangeStrictBreach,
  initialSwapStatus,
  movesFor,
  nextRequestStatus,
  offerProblem,
  SWAP_MESSAGES,
  type SwapShift,
  swapTargetProblem,
} from '../src/requests/swaps.ts';
import { context, only } from './staffing-helpers.ts';

// 2026-12-07 is a Monday; "today" is 2026-12-01 unless a test says otherwise.
const today = '2026-12-01';
let n = 0;
function entry(
  staffId: string,
  shiftDate: string,
  startTime: string,
  endTime: string,
  extra: Partial<SwapShift> = {},
) {
  n += 1;
  return {
    shiftId: `s${n}`,
    staffId,
    shiftDate,
    startTime,
    endTime,
    breakMinutes: 0,
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    ...extra,
  } satisfies SwapShift;
}
const anaMe = { staffId: 'ana', leavingDate: null };
const ben = { staffId: 'ben', name: 'Ben', userId: 'u-ben', leavingDate: null };

describe('offerProblem', () => {
  const mine = entry('ana', '2026-12-07', '09:00', '17:00');

  it('lets a member offer their own future, open shift', () => {
    expect(offerProblem(mine, anaMe, today, null)).toBeNull();
    // Today counts as the future (a shift later today may still be handed over).
    expect(offerProblem(mine, anaMe, '2026-12-07', '2026-12-06')).toBeNull();
  });

  it('refuses someone else’s shift, time off, the past, a locked day and a day after leaving', () => {
    expect(offerProblem(entry('ben', '2026-12-07', '09:00', '17:00'), anaMe, today, null)).toBe(
      SWAP_MESSAGES.notYours,
    );
    expect(
      offerProblem(
        entry('ana', '2026-12-07', '', '', { isTimeOff: true, timeOffDays: 1 }),
        anaMe,
        today,
        null,
      ),
    ).toBe(SWAP_MESSAGES.timeOff);
    expect(offerProblem(mine, anaMe, '2026-12-08', null)).toBe(SWAP_MESSAGES.past);
    expect(offerProblem(mine, anaMe, today, '2026-12-07')).toBe(
      'The schedule is locked up to 07/12/2026: that shift can no longer change',
    );
    expect(offerProblem(mine, { staffId: 'ana', leavingDate: '2026-12-06' }, today, null)).toBe(
      'You leave the team before 07/12/2026',
    );
  });
});

describe('colleagueProblem and swapTargetProblem', () => {
  const mine = entry('ana', '2026-12-07', '09:00', '17:00');
  const theirs = entry('ben', '2026-12-08', '09:00', '17:00');

  it('accepts a joined colleague on the team on the date', () => {
    expect(colleagueProblem(mine, anaMe, ben)).toBeNull();
    expect(swapTargetProblem(mine, theirs, anaMe, ben, today, null)).toBeNull();
  });

  it('refuses oneself, a colleague who has not joined, and a leaver', () => {
    expect(colleagueProblem(mine, anaMe, { ...ben, staffId: 'ana' })).toBe(SWAP_MESSAGES.self);
    expect(colleagueProblem(mine, anaMe, { ...ben, userId: null })).toBe(
      'Ben has not joined Rotaboard yet, so cannot accept',
    );
    expect(colleagueProblem(mine, anaMe, { ...ben, leavingDate: '2026-12-06' })).toBe(
      'Ben leaves the team before 07/12/2026',
    );
    // Leaving on the shift's date is still on the team that day.
    expect(colleagueProblem(mine, anaMe, { ...ben, leavingDate: '2026-12-07' })).toBeNull();
  });

  it('refuses my own shift, time off, the past, a locked day and my leaving before their date', () => {
    expect(swapTargetProblem(mine, mine, anaMe, ben, today, null)).toBe(SWAP_MESSAGES.sameShift);
    expect(
      swapTargetProblem(mine, { ...theirs, isTimeOff: true, timeOffDays: 1 }, anaMe, ben, today, null),
    ).toBe(SWAP_MESSAGES.targetTimeOff);
    expect(
      swapTargetProblem(mine, entry('ben', '2026-11-30', '09:00', '17:00'), anaMe, ben, today, null),
    ).toBe(SWAP_MESSAGES.targetPast);
    expect(swapTargetProblem(mine, theirs, anaMe, ben, today, '2026-12-08')).toBe(
      'The schedule is locked up to 08/12/2026: the colleague’s shift can no longer change',
    );
    expect(
      swapTargetProblem(mine, theirs, { staffId: 'ana', leavingDate: '2026-12-07' }, ben, today, null),
    ).toBe('You leave the team before 08/12/2026');
  });
});

describe('nextRequestStatus', () => {
  it('waits for a named colleague, else goes to review', () => {
    expect(initialSwapStatus('ben')).toBe('awaiting_colleague');
    expect(initialSwapStatus(null)).toBe('pending');
  });

  it('moves awaiting_colleague → pending on accept, → rejected on decline', () => {
    expect(nextRequestStatus('awaiting_colleague', { kind: 'respond', accept: true })).toEqual({
      status: 'pending',
    });
    expect(nextRequestStatus('awaiting_colleague', { kind: 'respond', accept: false })).toEqual({
      status: 'rejected',
    });
    expect(nextRequestStatus('pending', { kind: 'respond', accept: true })).toEqual({
      problem: 'This request was already answered',
    });
    expect(nextRequestStatus('cancelled', { kind: 'respond', accept: true })).toEqual({
      problem: 'This request was already cancelled',
    });
  });

  it('reviews only pending requests', () => {
    expect(nextRequestStatus('pending', { kind: 'review', approve: true })).toEqual({ status: 'approved' });
    expect(nextRequestStatus('pending', { kind: 'review', approve: false })).toEqual({ status: 'rejected' });
    expect(nextRequestStatus('awaiting_colleague', { kind: 'review', approve: true })).toEqual({
      problem: 'The colleague has not answered this request yet',
    });
    expect(nextRequestStatus('approved', { kind: 'review', approve: false })).toEqual({
      problem: 'This request was already approved',
    });
  });

  it('cancels while undecided only', () => {
    expect(nextRequestStatus('pending', { kind: 'cancel' })).toEqual({ status: 'cancelled' });
    expect(nextRequestStatus('awaiting_colleague', { kind: 'cancel' })).toEqual({ status: 'cancelled' });
    expect(nextRequestStatus('rejected', { kind: 'cancel' })).toEqual({
      problem: 'This request was already rejected',
    });
  });
});

describe('exchangeClash', () => {
  it('exchanges two shifts on the same day without calling them a clash', () => {
    const early = entry('ana', '2026-12-07', '06:00', '14:00');
    const late = entry('ben', '2026-12-07', '14:00', '22:00');
    const moves = movesFor({ requestType: 'swap', targetStaffId: 'ben' }, early, late);
    expect(moves.map((m) => [m.shift.shiftId, m.toStaffId])).toEqual([
      [early.shiftId, 'ben'],
      [late.shiftId, 'ana'],
    ]);
    expect(exchangeClash(moves, [early, late])).toBeNull();
  });

  it('finds a clash on the colleague’s side and on mine', () => {
    const mine = entry('ana', '2026-12-07', '09:00', '17:00');
    const theirs = entry('ben', '2026-12-08', '09:00', '17:00');
    const benBusy = entry('ben', '2026-12-07', '12:00', '20:00');
    const moves = movesFor({ requestType: 'swap', targetStaffId: 'ben' }, mine, theirs);
    const onBen = exchangeClash(moves, [mine, theirs, benBusy]);
    expect(onBen?.clash.shiftId).toBe(benBusy.shiftId);
    expect(onBen?.move.toStaffId).toBe('ben');
    expect(exchangeClashMessage('Ben', onBen!.clash)).toBe(
      "This would clash with Ben's shift on 07/12/2026 12:00–20:00",
    );

    const anaOff = entry('ana', '2026-12-08', '', '', {
      isTimeOff: true,
      timeOffDays: 1,
      startTime: null,
      endTime: null,
    });
    const onAna = exchangeClash(moves, [mine, theirs, anaOff]);
    expect(onAna?.move.toStaffId).toBe('ana');
    expect(exchangeClashMessage('your', onAna!.clash)).toBe(
      'This would clash with your time off on 08/12/2026 time off (1 Day)',
    );
    expect(exchangeClashMessage('Ana', onAna!.clash)).toBe(
      "This would clash with Ana's time off on 08/12/2026 time off (1 Day)",
    );
  });

  it('gives away to a colleague (checked) or to anyone (nobody to check)', () => {
    const mine = entry('ana', '2026-12-07', '09:00', '17:00');
    const benBusy = entry('ben', '2026-12-07', '16:00', '20:00');
    const toBen = movesFor({ requestType: 'give_away', targetStaffId: 'ben' }, mine, null);
    expect(exchangeClash(toBen, [mine, benBusy])?.clash.shiftId).toBe(benBusy.shiftId);
    const toAnyone = movesFor({ requestType: 'give_away', targetStaffId: null }, mine, null);
    expect(toAnyone).toEqual([{ shift: mine, toStaffId: null }]);
    expect(exchangeClash(toAnyone, [mine, benBusy])).toBeNull();
  });
});

describe('exchangeStrictBreach', () => {
  const strictRest = only({ minRestHours: { value: 11, strict: true } });

  it('reads a same-day morning-for-evening swap as the shifts leaving first', () => {
    const early = entry('ana', '2026-12-07', '06:00', '14:00');
    const late = entry('ben', '2026-12-07', '14:00', '22:00');
    const moves = movesFor({ requestType: 'swap', targetStaffId: 'ben' }, early, late);
    expect(exchangeStrictBreach(context([early, late], { settings: strictRest }), moves)).toBeNull();
  });

  it('refuses an exchange that leaves the colleague too little rest', () => {
    const benLate = entry('ben', '2026-12-06', '14:00', '22:00');
    const mine = entry('ana', '2026-12-07', '06:00', '14:00');
    const theirs = entry('ben', '2026-12-09', '09:00', '17:00');
    const moves = movesFor({ requestType: 'swap', targetStaffId: 'ben' }, mine, theirs);
    const breach = exchangeStrictBreach(context([benLate, mine, theirs], { settings: strictRest }), moves);
    expect(breach?.rule).toBe('rest');
    expect(breach?.message).toContain('Ben has 8 h between shifts');
    // Not strict: allowed.
    const lenient = only({ minRestHours: { value: 11, strict: false } });
    expect(exchangeStrictBreach(context([benLate, mine, theirs], { settings: lenient }), moves)).toBeNull();
  });
});

describe('describeSwap', () => {
  it('names both shifts of a swap and the taker of a give-away', () => {
    expect(
      describeSwap({
        requestType: 'swap',
        shift: '07/12/2026 09:00–17:00',
        targetShift: '08/12/2026 10:00–18:00',
        targetName: 'Ben',
      }),
    ).toBe("a swap of 07/12/2026 09:00–17:00 for Ben's 08/12/2026 10:00–18:00");
    expect(
      describeSwap({
        requestType: 'give_away',
        shift: '07/12/2026 09:00–17:00',
        targetShift: null,
        targetName: null,
      }),
    ).toBe('to give away 07/12/2026 09:00–17:00 to anyone');
    expect(
      describeSwap({ requestType: 'give_away', shift: null, targetShift: null, targetName: 'Ben' }),
    ).toBe('to give away a shift that no longer exists to Ben');
  });
});

describe('RequestInput for swaps and give-aways', () => {
  const id = '00000000-0000-4000-8000-000000000001';

  it('parses each kind by its requestType and keeps time off as before', () => {
    expect(RequestInput.parse({ requestType: 'swap', shiftId: id, targetShiftId: id })).toEqual({
      requestType: 'swap',
      shiftId: id,
      targetShiftId: id,
    });
    expect(RequestInput.parse({ requestType: 'give_away', shiftId: id, targetStaffId: null })).toEqual({
      requestType: 'give_away',
      shiftId: id,
      targetStaffId: null,
    });
    expect(
      RequestInput.parse({
        requestType: 'other',
        startDate: '2026-12-07',
        endDate: '2026-12-07',
        description: 'x',
      }),
    ).toMatchObject({ requestType: 'other', description: 'x' });
  });

  it('refuses a missing target, a bad id and an unknown kind with a sentence', () => {
    const messages = (body: unknown) => RequestInput.safeParse(body).error?.issues.map((i) => i.message);
    expect(messages({ requestType: 'give_away', shiftId: id })).toHaveLength(1);
    expect(messages({ requestType: 'swap', shiftId: 'x', targetShiftId: id })).toEqual(['Shift not found']);
    expect(messages({ requestType: 'trade', shiftId: id })).toEqual([
      'Request type must be time_off, other, swap or give_away',
    ]);
  });
});
