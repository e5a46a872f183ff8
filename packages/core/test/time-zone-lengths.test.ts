import { describe, expect, it } from 'vitest';
import { ShiftInput } from '../src/contracts/shifts.ts';
import { leaveAmount, leaveReport } from '../src/reports/leave-report.ts';
import { payrollAmounts, payrollReport } from '../src/reports/payroll-report.ts';
import type { ReportEntry, ReportStaff } from '../src/reports/report-rows.ts';
import { shiftTimesProblem } from '../src/shifts/shift-times.ts';

/**
 * Lengths in the reports and the shift checks that need the team's zone (issue 41): 22:00–06:00 from
 * 2027-10-30 in London is 540 minutes, from 2027-03-27 it is 420, in UTC 480.
 */
const LONDON = 'Europe/London';
const BACK_EVE = '2027-10-30';
const FORWARD_EVE = '2027-03-27';

const ann: ReportStaff = {
  staffId: 'ann',
  firstName: 'Ann',
  lastName: 'Tester',
  leavingDate: null,
  weeklyHours: [{ hoursPerWeek: 40, effectiveFrom: '2020-01-01' }],
};

let ids = 0;
const entry = (fields: Partial<ReportEntry> & { shiftDate: string }): ReportEntry => ({
  shiftId: `s${++ids}`,
  staffId: 'ann',
  startTime: '22:00:00',
  endTime: '06:00:00',
  breakMinutes: 0,
  isTimeOff: false,
  timeOffDays: null,
  timeOffHours: null,
  attendanceAdjustments: [],
  ...fields,
});

describe('report lengths are real elapsed time in the team zone', () => {
  it('payroll: scheduled and worked minutes of a night shift across each change', () => {
    for (const [date, minutes] of [
      [BACK_EVE, 540],
      [FORWARD_EVE, 420],
    ] as const) {
      const night = entry({ shiftDate: date, breakMinutes: 30 });
      expect(payrollAmounts(night, LONDON)).toMatchObject({
        scheduledMinutes: minutes,
        breakMinutes: 30,
        workedMinutes: minutes - 30,
      });
      // Without a zone (UTC), the wall clock as before.
      expect(payrollAmounts(night)).toMatchObject({ scheduledMinutes: 480, workedMinutes: 450 });
    }
  });

  it('payroll: a week with the night the clocks go back, per day and per person', () => {
    const week = [
      '2027-10-25',
      '2027-10-26',
      '2027-10-27',
      '2027-10-28',
      '2027-10-29',
      BACK_EVE,
      '2027-10-31',
    ];
    const entries = week.map((shiftDate) => entry({ shiftDate }));
    const range = { startDate: week[0]!, endDate: week[6]! };
    const report = payrollReport([ann], entries, range, LONDON);
    expect(report.days.map((d) => d.workedMinutes)).toEqual([480, 480, 480, 480, 480, 540, 480]);
    expect(report.people[0]).toMatchObject({
      workedMinutes: 7 * 480 + 60,
      scheduledMinutes: 7 * 480 + 60,
      // Contracted hours are hours, whatever the clocks do.
      contractedMinutes: 40 * 60,
      differenceMinutes: 7 * 480 + 60 - 40 * 60,
    });
    expect(report.totals.workedMinutes).toBe(7 * 480 + 60);
    expect(payrollReport([ann], entries, range, 'UTC').totals.workedMinutes).toBe(7 * 480);
  });

  it('leave: time off as a time range counts its real length; hours and days as they are', () => {
    const range = entry({ shiftDate: FORWARD_EVE, isTimeOff: true, breakMinutes: 60 });
    expect(leaveAmount(range, LONDON)).toEqual({ kind: 'exact', minutes: 420 - 60, days: null });
    expect(leaveAmount(range)).toEqual({ kind: 'exact', minutes: 480 - 60, days: null });
    const hours = entry({ shiftDate: FORWARD_EVE, isTimeOff: true, timeOffHours: 8 });
    expect(leaveAmount(hours, LONDON)).toEqual({ kind: 'hours', minutes: 480, days: null });
    const report = leaveReport(
      [ann],
      [range, hours, entry({ shiftDate: BACK_EVE, isTimeOff: true })],
      { startDate: '2027-01-01', endDate: '2027-12-31' },
      LONDON,
    );
    expect(report.entries.map((e) => e.minutes)).toEqual([360, 480, 540]);
    expect(report.totals.minutes).toBe(360 + 480 + 540);
  });
});

describe('shiftTimesProblem: what ShiftInput cannot check without the team zone', () => {
  const shift = (fields: Record<string, unknown>) =>
    ShiftInput.parse({
      staffId: '00000000-0000-4000-8000-000000000001',
      shiftDate: '2027-03-28',
      startTime: '09:00',
      endTime: '17:00',
      ...fields,
    });

  it('refuses a start the clocks skip, naming the change, on startTime', () => {
    expect(shiftTimesProblem(shift({ startTime: '01:30', endTime: '09:00' }), LONDON)).toEqual({
      path: 'startTime',
      message:
        '01:30 does not exist on 28 March 2027 in Europe/London: the clocks go forward from 01:00 to 02:00.',
    });
  });

  it('refuses an end the clocks skip (the next morning, for an overnight shift), on endTime', () => {
    expect(
      shiftTimesProblem(shift({ shiftDate: FORWARD_EVE, startTime: '22:00', endTime: '01:15' }), LONDON),
    ).toEqual({
      path: 'endTime',
      message:
        '01:15 does not exist on 28 March 2027 in Europe/London: the clocks go forward from 01:00 to 02:00.',
    });
  });

  it('accepts a time the clocks repeat (it means the first), and any time in UTC', () => {
    expect(shiftTimesProblem(shift({ shiftDate: '2027-10-31', startTime: '01:30' }), LONDON)).toBeNull();
    expect(shiftTimesProblem(shift({ startTime: '01:30' }), 'UTC')).toBeNull();
    expect(shiftTimesProblem(shift({ startTime: '01:30' }), LONDON)).not.toBeNull();
  });

  it('time off given as a time range is checked; in days or hours it has no times to check', () => {
    const timed = shift({ isTimeOff: true, startTime: '01:30', endTime: '09:00' });
    expect(shiftTimesProblem(timed, LONDON)?.path).toBe('startTime');
    const days = { ...timed, timeOffDays: 1 };
    expect(shiftTimesProblem(days, LONDON)).toBeNull();
  });

  it('the break must be shorter than the real length: an hour less the night the clocks go forward', () => {
    // 00:30–03:30 is three hours on the wall and two in London that night.
    const long = shift({ startTime: '00:30', endTime: '03:30', breakMinutes: 150 });
    expect(shiftTimesProblem(long, LONDON)).toEqual({
      path: 'breakMinutes',
      message:
        'The break must be shorter than the shift, which lasts 120 minutes as the clocks change that night',
    });
    expect(shiftTimesProblem({ ...long, breakMinutes: 115 }, LONDON)).toBeNull();
    expect(shiftTimesProblem(long, 'UTC')).toBeNull();
    expect(shiftTimesProblem({ ...long, shiftDate: '2027-04-04' }, LONDON)).toBeNull();
  });
});
