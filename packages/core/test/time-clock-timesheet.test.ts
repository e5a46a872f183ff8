import { describe, expect, it } from 'vitest';
import {
  breakSecondsAt,
  clockInWindow,
  clockInWindowProblem,
  scheduledMinutes,
  shiftForClockIn,
  shiftsOnTodaysClock,
  timesheetActionProblem,
  timesheetBreakMinutes,
  timesheetEditProblem,
  timesheetWorkedMinutes,
  varianceMinutes,
} from '../src/time-clock/timesheet.ts';

const at = (iso: string) => Date.parse(iso);
const shift = (
  shiftId: string,
  shiftDate: string,
  startTime: string,
  endTime: string,
  isTimeOff = false,
) => ({
  shiftId,
  shiftDate,
  startTime,
  endTime,
  isTimeOff,
});

describe("the shifts on today's clock", () => {
  const today = '2026-03-29';
  const night = shift('night', '2026-03-28', '22:00', '04:00');
  const day = shift('day', '2026-03-28', '09:00', '17:00');
  const todays = shift('today', today, '09:00', '17:00');
  const off = shift('off', today, '00:00', '00:00', true);
  const tomorrow = shift('tomorrow', '2026-03-30', '09:00', '17:00');
  const all = [night, day, todays, off, tomorrow];

  it("keeps today's shifts, and yesterday's overnight one while it runs", () => {
    expect(shiftsOnTodaysClock(all, today, at('2026-03-29T01:30:00Z'), 'UTC')).toEqual([night, todays]);
    expect(shiftsOnTodaysClock(all, today, at('2026-03-29T03:59:59Z'), 'UTC')).toEqual([night, todays]);
    // Once it has ended, only today's are left; time off and other days never count.
    expect(shiftsOnTodaysClock(all, today, at('2026-03-29T04:00:00Z'), 'UTC')).toEqual([todays]);
    expect(shiftsOnTodaysClock([day, off, tomorrow], today, at('2026-03-29T00:10:00Z'), 'UTC')).toEqual([]);
  });

  it("ends yesterday's night shift by the team's clock, on the night the clocks go forward", () => {
    // London went from 01:00 GMT to 02:00 BST on 29 March 2026: 22:00–04:00 lasted five hours and
    // ended at 03:00 UTC, an hour before its wall-clock end read as UTC.
    expect(shiftsOnTodaysClock([night], today, at('2026-03-29T02:59:00Z'), 'Europe/London')).toEqual([night]);
    expect(shiftsOnTodaysClock([night], today, at('2026-03-29T03:00:00Z'), 'Europe/London')).toEqual([]);
  });
});

describe('the clock-in window', () => {
  it('opens clockInEarlyMinutes before the start and closes at the end', () => {
    const s = shift('a', '2026-03-10', '09:00', '17:00');
    expect(clockInWindow(s, 'UTC', 15)).toEqual({
      opensAt: at('2026-03-10T08:45:00Z'),
      startsAt: at('2026-03-10T09:00:00Z'),
      closesAt: at('2026-03-10T17:00:00Z'),
    });
    expect(shiftForClockIn([s], at('2026-03-10T08:44:59Z'), 'UTC', 15)).toBeNull();
    expect(shiftForClockIn([s], at('2026-03-10T08:45:00Z'), 'UTC', 15)).toBe(s);
    expect(shiftForClockIn([s], at('2026-03-10T16:59:59Z'), 'UTC', 15)).toBe(s);
    expect(shiftForClockIn([s], at('2026-03-10T17:00:00Z'), 'UTC', 15)).toBeNull();
  });

  it('is in the team’s zone', () => {
    const s = shift('a', '2026-07-10', '09:00', '17:00');
    // London is UTC+1 in summer: 09:00 there is 08:00 UTC.
    expect(shiftForClockIn([s], at('2026-07-10T07:50:00Z'), 'Europe/London', 15)).toBe(s);
    expect(shiftForClockIn([s], at('2026-07-10T16:30:00Z'), 'Europe/London', 15)).toBeNull();
  });

  it('runs overnight into the next day', () => {
    const night = shift('n', '2026-03-10', '22:00', '06:00');
    expect(shiftForClockIn([night], at('2026-03-11T05:59:00Z'), 'UTC', 15)).toBe(night);
    expect(shiftForClockIn([night], at('2026-03-11T06:00:00Z'), 'UTC', 15)).toBeNull();
  });

  it('is an hour longer the night the clocks go back and shorter the night they go forward', () => {
    // Europe/London: back on 25 October 2026, forward on 28 March 2027.
    const back = clockInWindow(shift('b', '2026-10-24', '22:00', '06:00'), 'Europe/London', 0)!;
    expect((back.closesAt - back.startsAt) / 60_000).toBe(540);
    const forward = clockInWindow(shift('f', '2027-03-27', '22:00', '06:00'), 'Europe/London', 0)!;
    expect((forward.closesAt - forward.startsAt) / 60_000).toBe(420);
    // 05:30 local after the clocks went forward is 04:30 UTC: still in the shift.
    expect(
      shiftForClockIn(
        [shift('f', '2027-03-27', '22:00', '06:00')],
        at('2027-03-28T04:30:00Z'),
        'Europe/London',
        0,
      ),
    ).not.toBeNull();
  });

  it('skips time off and untimed entries, and picks the nearest start of two', () => {
    const off = shift('o', '2026-03-10', '09:00', '17:00', true);
    expect(shiftForClockIn([off], at('2026-03-10T10:00:00Z'), 'UTC', 15)).toBeNull();
    expect(clockInWindow({ ...off, isTimeOff: false, startTime: null }, 'UTC', 15)).toBeNull();
    const morning = shift('m', '2026-03-10', '08:00', '12:00');
    const noon = shift('n', '2026-03-10', '12:00', '16:00');
    // 11:50: the morning is running, the noon shift's window opened; the noon start is nearer.
    expect(shiftForClockIn([morning, noon], at('2026-03-10T11:50:00Z'), 'UTC', 15)).toBe(noon);
    expect(shiftForClockIn([morning, noon], at('2026-03-10T09:00:00Z'), 'UTC', 15)).toBe(morning);
  });

  it('says in a sentence why a chosen shift cannot be clocked into', () => {
    const s = shift('a', '2026-03-10', '09:00', '17:00');
    expect(clockInWindowProblem(s, at('2026-03-10T08:00:00Z'), 'UTC', 15)).toMatch(
      /too early.*in 45 minutes/,
    );
    expect(clockInWindowProblem(s, at('2026-03-10T17:00:00Z'), 'UTC', 15)).toMatch(/already ended/);
    expect(clockInWindowProblem(s, at('2026-03-10T12:00:00Z'), 'UTC', 15)).toBeNull();
    expect(clockInWindowProblem({ ...s, isTimeOff: true }, at('2026-03-10T12:00:00Z'), 'UTC', 15)).toMatch(
      /nothing to clock into/,
    );
  });
});

describe('an entry’s arithmetic', () => {
  const entry = {
    clockInAt: at('2026-03-10T09:00:00Z'),
    clockOutAt: at('2026-03-10T17:00:00Z'),
    breakSeconds: 30 * 60,
    breakStartedAt: null,
  };

  it('is clock-in to clock-out less breaks', () => {
    expect(timesheetWorkedMinutes(entry, at('2026-03-11T00:00:00Z'))).toBe(450);
    expect(timesheetBreakMinutes(entry, at('2026-03-11T00:00:00Z'))).toBe(30);
  });

  it('counts an open entry and a running break up to now', () => {
    const open = { ...entry, clockOutAt: null, breakSeconds: 0, breakStartedAt: at('2026-03-10T12:00:00Z') };
    const now = at('2026-03-10T12:10:00Z');
    expect(breakSecondsAt(open, now)).toBe(600);
    expect(timesheetWorkedMinutes(open, now)).toBe(180);
    expect(timesheetBreakMinutes(open, now)).toBe(10);
  });

  it('rounds seconds once, to the nearest minute, half up', () => {
    const base = { clockInAt: 0, breakSeconds: 0, breakStartedAt: null };
    expect(timesheetWorkedMinutes({ ...base, clockOutAt: 89_000 }, 0)).toBe(1);
    expect(timesheetWorkedMinutes({ ...base, clockOutAt: 90_000 }, 0)).toBe(2);
    // Two 20-second breaks cost no minute of a 10-minute entry.
    expect(timesheetWorkedMinutes({ ...base, clockOutAt: 600_000, breakSeconds: 40 }, 0)).toBe(9);
    expect(timesheetWorkedMinutes({ ...base, clockOutAt: 600_000, breakSeconds: 20 }, 0)).toBe(10);
  });

  it('is never below 0', () => {
    expect(
      timesheetWorkedMinutes(
        { clockInAt: 0, clockOutAt: 60_000, breakSeconds: 600, breakStartedAt: null },
        0,
      ),
    ).toBe(0);
  });

  it('compares with the shift’s worked minutes as the payroll pays them', () => {
    const s = { ...shift('a', '2026-03-10', '09:00', '17:00'), breakMinutes: 30 };
    expect(scheduledMinutes(s, 'UTC')).toBe(450);
    expect(scheduledMinutes({ ...s, attendanceAdjustments: [{ minutes: 60 }] }, 'UTC')).toBe(390);
    expect(
      scheduledMinutes(
        { ...s, shiftDate: '2026-10-24', startTime: '22:00', endTime: '06:00' },
        'Europe/London',
      ),
    ).toBe(510);
    expect(scheduledMinutes(null, 'UTC')).toBeNull();
    expect(scheduledMinutes({ ...s, isTimeOff: true }, 'UTC')).toBeNull();
    expect(varianceMinutes(460, 450)).toBe(10);
    expect(varianceMinutes(440, 450)).toBe(-10);
    expect(varianceMinutes(440, null)).toBeNull();
  });
});

describe('the order of taps and decisions', () => {
  const open = { status: 'open' as const, onBreak: false };
  const onBreak = { status: 'open' as const, onBreak: true };
  const pending = { status: 'pending' as const, onBreak: false };

  it('lets a clocked-in person break, end it and clock out', () => {
    expect(timesheetActionProblem(open, 'break-start')).toBeNull();
    expect(timesheetActionProblem(onBreak, 'break-end')).toBeNull();
    expect(timesheetActionProblem(open, 'clock-out')).toBeNull();
  });

  it('refuses each tap out of order with a sentence', () => {
    expect(timesheetActionProblem(onBreak, 'break-start')).toMatch(/already on a break/);
    expect(timesheetActionProblem(open, 'break-end')).toMatch(/not on a break/);
    expect(timesheetActionProblem(onBreak, 'clock-out')).toMatch(/end your break/);
    expect(timesheetActionProblem(pending, 'break-start')).toMatch(/not clocked in/);
    expect(timesheetActionProblem(pending, 'break-end')).toMatch(/not clocked in/);
    expect(timesheetActionProblem(pending, 'clock-out')).toMatch(/not clocked in/);
  });

  it('decides a closed entry, either way, but not an open one nor twice the same way', () => {
    expect(timesheetActionProblem(pending, 'approve')).toBeNull();
    expect(timesheetActionProblem(pending, 'reject')).toBeNull();
    expect(timesheetActionProblem({ status: 'approved', onBreak: false }, 'reject')).toBeNull();
    expect(timesheetActionProblem({ status: 'rejected', onBreak: false }, 'approve')).toBeNull();
    expect(timesheetActionProblem(open, 'approve')).toMatch(/still clocked in/);
    expect(timesheetActionProblem(open, 'reject')).toMatch(/still clocked in/);
    expect(timesheetActionProblem({ status: 'approved', onBreak: false }, 'approve')).toMatch(
      /already approved/,
    );
    expect(timesheetActionProblem({ status: 'rejected', onBreak: false }, 'reject')).toMatch(
      /already rejected/,
    );
    expect(timesheetActionProblem(onBreak, 'edit')).toBeNull();
  });
});

describe('an edit', () => {
  const now = at('2026-03-11T12:00:00Z');
  const ok = {
    clockInAt: at('2026-03-10T09:00:00Z'),
    clockOutAt: at('2026-03-10T17:00:00Z'),
    breakMinutes: 30,
  };

  it('passes with the clock-out after the clock-in and a break shorter than the span', () => {
    expect(timesheetEditProblem(ok, now)).toBeNull();
  });

  it('names the field that is wrong', () => {
    expect(timesheetEditProblem({ ...ok, clockOutAt: ok.clockInAt }, now)?.path).toBe('clockOutAt');
    expect(timesheetEditProblem({ ...ok, clockOutAt: ok.clockInAt - 1 }, now)?.message).toMatch(
      /after clockInAt/,
    );
    expect(timesheetEditProblem({ ...ok, breakMinutes: 480 }, now)?.path).toBe('breakMinutes');
    expect(timesheetEditProblem({ ...ok, clockOutAt: at('2026-03-11T10:00:00Z') }, now)?.message).toMatch(
      /24 hours/,
    );
    expect(timesheetEditProblem({ ...ok, clockOutAt: at('2026-03-11T13:00:00Z') }, now)?.path).toBe(
      'clockOutAt',
    );
    expect(timesheetEditProblem({ ...ok, clockInAt: at('2026-03-11T13:00:00Z') }, now)?.path).toBe(
      'clockInAt',
    );
    expect(
      timesheetEditProblem(
        { ...ok, clockInAt: at('2024-01-01T09:00:00Z'), clockOutAt: at('2024-01-01T10:00:00Z') },
        now,
      )?.path,
    ).toBe('clockInAt');
  });
});
