import { describe, expect, it } from 'vitest';
import {
  claimRefusal,
  mayReadOpenShift,
  type OpenShiftForStaff,
  type OpenShiftViewer,
  openShiftEndsAt,
  openShiftStillToWork,
  openShiftVisibleToStaff,
} from '../src/open-shifts/open-shift-visibility.ts';
import { OPEN_SHIFT_MESSAGES } from '../src/open-shifts/open-shifts.ts';

const at = (iso: string) => Date.parse(iso);
// 24 November 2026, 10:00 in London (GMT in winter).
const viewer = (over: Partial<OpenShiftViewer> = {}): OpenShiftViewer => ({
  role: 'Barista',
  leavingDate: null,
  lock: { lockedUntil: null, hideScheduleAfterLock: false },
  timeZone: 'Europe/London',
  now: at('2026-11-24T10:00:00Z'),
  ...over,
});
const shift = (over: Partial<OpenShiftForStaff> = {}): OpenShiftForStaff => ({
  shiftDate: '2026-11-30',
  startTime: '09:00:00',
  endTime: '17:00:00',
  role: null,
  staffCount: 2,
  filled: 0,
  ...over,
});

describe('until when an open shift can be taken (issue 44)', () => {
  it('places the end in the team’s zone, overnight on the next morning', () => {
    expect(
      openShiftEndsAt(shift({ shiftDate: '2026-11-23', startTime: '22:00', endTime: '06:00' }), 'UTC'),
    ).toBe(at('2026-11-24T06:00:00Z'));
    // New York is five hours behind in November: 06:00 there is 11:00 UTC.
    expect(
      openShiftEndsAt(
        shift({ shiftDate: '2026-11-23', startTime: '22:00', endTime: '06:00' }),
        'America/New_York',
      ),
    ).toBe(at('2026-11-24T11:00:00Z'));
  });

  it('keeps an overnight shift dated yesterday to take after midnight, until its end', () => {
    const night = shift({ shiftDate: '2026-11-23', startTime: '22:00:00', endTime: '06:00:00' });
    // Called in sick at 01:00: five hours still to work.
    const oneAm = viewer({ now: at('2026-11-24T01:00:00Z') });
    expect(mayReadOpenShift(oneAm, night)).toBe(true);
    expect(openShiftVisibleToStaff(oneAm, night)).toBe(true);
    expect(claimRefusal(oneAm, night, false)).toBeNull();
    // A minute before the end it is still there; at the end it is over.
    expect(openShiftStillToWork(night, 'Europe/London', at('2026-11-24T05:59:00Z'))).toBe(true);
    expect(openShiftStillToWork(night, 'Europe/London', at('2026-11-24T06:00:00Z'))).toBe(false);
    const after = viewer({ now: at('2026-11-24T06:00:00Z') });
    expect(openShiftVisibleToStaff(after, night)).toBe(false);
    expect(claimRefusal(after, night, false)).toEqual({
      code: 'NOT_FOUND',
      message: OPEN_SHIFT_MESSAGES.hidden,
    });
  });

  it('reads the end in the team’s own zone, not UTC’s', () => {
    const night = shift({ shiftDate: '2026-11-23', startTime: '22:00:00', endTime: '06:00:00' });
    // 09:00 UTC is 04:00 in New York: two hours still to work there, none in London.
    const now = at('2026-11-24T09:00:00Z');
    expect(mayReadOpenShift(viewer({ now, timeZone: 'America/New_York' }), night)).toBe(true);
    expect(mayReadOpenShift(viewer({ now }), night)).toBe(false);
  });

  it('counts real elapsed time on the nights the clocks change', () => {
    // London, 28 March 2027: the clocks go forward at 01:00 GMT; 22:00–06:00 ends at 06:00 BST = 05:00 UTC.
    const spring = shift({ shiftDate: '2027-03-27', startTime: '22:00:00', endTime: '06:00:00' });
    expect(openShiftEndsAt(spring, 'Europe/London')).toBe(at('2027-03-28T05:00:00Z'));
    expect(mayReadOpenShift(viewer({ now: at('2027-03-28T04:59:00Z') }), spring)).toBe(true);
    expect(mayReadOpenShift(viewer({ now: at('2027-03-28T05:00:00Z') }), spring)).toBe(false);
    // 31 October 2027: back at 02:00 BST; 22:00–06:00 ends at 06:00 GMT = 06:00 UTC, nine hours on.
    const autumn = shift({ shiftDate: '2027-10-30', startTime: '22:00:00', endTime: '06:00:00' });
    expect(openShiftEndsAt(autumn, 'Europe/London')).toBe(at('2027-10-31T06:00:00Z'));
    expect(mayReadOpenShift(viewer({ now: at('2027-10-31T05:30:00Z') }), autumn)).toBe(true);
  });

  it('hides a shift already over, even one dated today, and one dated earlier still', () => {
    const morning = shift({ shiftDate: '2026-11-24', startTime: '06:00:00', endTime: '09:00:00' });
    expect(mayReadOpenShift(viewer(), morning)).toBe(false);
    expect(claimRefusal(viewer(), morning, false)?.code).toBe('NOT_FOUND');
    // Under way: still to take for the rest of it.
    expect(
      mayReadOpenShift(viewer(), shift({ shiftDate: '2026-11-24', startTime: '08:00', endTime: '12:00' })),
    ).toBe(true);
    expect(mayReadOpenShift(viewer(), shift({ shiftDate: '2026-11-01' }))).toBe(false);
    // A day shift dated yesterday is over.
    expect(mayReadOpenShift(viewer(), shift({ shiftDate: '2026-11-23' }))).toBe(false);
  });

  it('keeps the lock and the leaving date by the shift’s date', () => {
    const hidden = viewer({ lock: { lockedUntil: '2026-11-29', hideScheduleAfterLock: true } });
    expect(mayReadOpenShift(hidden, shift({ shiftDate: '2026-11-29' }))).toBe(true);
    expect(mayReadOpenShift(hidden, shift({ shiftDate: '2026-11-30' }))).toBe(false);
    // An overnight shift begun on the lock's last day is readable, though it ends after it.
    expect(
      mayReadOpenShift(hidden, shift({ shiftDate: '2026-11-29', startTime: '22:00', endTime: '06:00' })),
    ).toBe(true);
    const shown = viewer({ lock: { lockedUntil: '2026-11-29', hideScheduleAfterLock: false } });
    expect(mayReadOpenShift(shown, shift({ shiftDate: '2026-12-30' }))).toBe(true);
    expect(mayReadOpenShift(viewer({ leavingDate: '2026-11-30' }), shift({ shiftDate: '2026-11-30' }))).toBe(
      true,
    );
    expect(mayReadOpenShift(viewer({ leavingDate: '2026-11-30' }), shift({ shiftDate: '2026-12-01' }))).toBe(
      false,
    );
    // Leaving the day the overnight shift starts: it is theirs to take (the date is the shift's).
    const leaving = viewer({ leavingDate: '2026-11-23', now: at('2026-11-24T01:00:00Z') });
    expect(
      mayReadOpenShift(leaving, shift({ shiftDate: '2026-11-23', startTime: '22:00', endTime: '06:00' })),
    ).toBe(true);
  });

  it('shows staff only unfilled open shifts whose role fits', () => {
    expect(openShiftVisibleToStaff(viewer(), shift())).toBe(true);
    expect(openShiftVisibleToStaff(viewer(), shift({ role: 'barista' }))).toBe(true);
    expect(openShiftVisibleToStaff(viewer(), shift({ role: 'Chef' }))).toBe(false);
    expect(openShiftVisibleToStaff(viewer(), shift({ filled: 2 }))).toBe(false);
  });

  it('refuses a claim with the status and sentence the API answers with', () => {
    expect(claimRefusal(viewer(), shift(), false)).toBeNull();
    expect(claimRefusal(viewer({ leavingDate: '2026-11-29' }), shift(), false)).toEqual({
      code: 'RULE_BROKEN',
      message: OPEN_SHIFT_MESSAGES.leaving,
    });
    expect(claimRefusal(viewer(), shift({ shiftDate: '2026-11-01' }), false)?.code).toBe('NOT_FOUND');
    expect(claimRefusal(viewer(), shift({ role: 'Chef' }), false)).toEqual({
      code: 'FORBIDDEN',
      message: 'This open shift is for another role',
    });
    expect(claimRefusal(viewer(), shift(), true)?.message).toBe(OPEN_SHIFT_MESSAGES.alreadyClaimed);
    expect(claimRefusal(viewer(), shift({ filled: 2 }), false)?.message).toBe(OPEN_SHIFT_MESSAGES.filled);
  });
});
