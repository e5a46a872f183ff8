import { describe, expect, it } from 'vitest';
import { adjustmentsReport } from '../src/reports/adjustments-report.ts';
import { csvRecord, decimalHours, safeCsvCell } from '../src/reports/csv.ts';
import { leaveAmount, leaveReport } from '../src/reports/leave-report.ts';
import { contractedMinutes, payrollReport } from '../src/reports/payroll-report.ts';
import {
  chartBucket,
  daysInRange,
  presetRange,
  reportAllowed,
  reportIsPro,
  reportRangeProblem,
} from '../src/reports/ranges.ts';
import type { ReportEntry, ReportStaff } from '../src/reports/report-rows.ts';

const ann: ReportStaff = {
  staffId: 'a',
  firstName: 'Ann',
  lastName: 'Lee',
  leavingDate: null,
  weeklyHours: [],
};
const bob: ReportStaff = { staffId: 'b', firstName: 'Bob', lastName: '', leavingDate: null, weeklyHours: [] };
let n = 0;
function entry(staffId: string, shiftDate: string, over: Partial<ReportEntry> = {}): ReportEntry {
  n += 1;
  return {
    shiftId: `s${n}`,
    staffId,
    shiftDate,
    startTime: '09:00:00',
    endTime: '17:00:00',
    breakMinutes: 0,
    isTimeOff: false,
    timeOffDays: null,
    timeOffHours: null,
    attendanceAdjustments: [],
    ...over,
  };
}
const range = { startDate: '2026-03-02', endDate: '2026-03-08' };

describe('payroll', () => {
  it('counts scheduled, break, adjustments by reason and worked minutes per person and day', () => {
    const report = payrollReport(
      [ann],
      [
        entry('a', '2026-03-02', {
          breakMinutes: 30,
          attendanceAdjustments: [
            { minutes: 15, reason: 'lateness', comment: '' },
            { minutes: 60, reason: 'sick', comment: '' },
          ],
        }),
        entry('a', '2026-03-02', { startTime: '18:00:00', endTime: '20:00:00' }),
      ],
      range,
    );
    expect(report.days).toHaveLength(1);
    const day = report.days[0];
    expect(day).toMatchObject({ date: '2026-03-02', shifts: 2, scheduledMinutes: 600, breakMinutes: 30 });
    expect(day?.adjustments).toMatchObject({ lateness: 15, sick: 60, other: 0 });
    expect(day?.adjustmentMinutes).toBe(75);
    expect(day?.workedMinutes).toBe(600 - 30 - 75);
    expect(report.people[0]).toMatchObject({ staffName: 'Ann Lee', workedMinutes: 495, daysWorked: 1 });
  });

  it('counts an overnight shift wholly on the day it starts, and not a shift starting the day before', () => {
    const report = payrollReport(
      [ann],
      [
        entry('a', '2026-03-01', { startTime: '22:00:00', endTime: '06:00:00' }),
        entry('a', '2026-03-08', { startTime: '22:00:00', endTime: '06:00:00', breakMinutes: 20 }),
      ],
      range,
    );
    expect(report.days.map((d) => [d.date, d.scheduledMinutes, d.workedMinutes])).toEqual([
      ['2026-03-08', 480, 460],
    ]);
  });

  it('keeps time off apart from worked minutes', () => {
    const report = payrollReport(
      [ann],
      [
        entry('a', '2026-03-03', { isTimeOff: true, timeOffHours: 2.5, startTime: null, endTime: null }),
        entry('a', '2026-03-04', { isTimeOff: true, timeOffDays: 0.5, startTime: null, endTime: null }),
        entry('a', '2026-03-05', { isTimeOff: true, breakMinutes: 60 }),
      ],
      range,
    );
    expect(report.people[0]).toMatchObject({
      workedMinutes: 0,
      shifts: 0,
      daysWorked: 0,
      timeOffMinutes: 150 + 420,
      timeOffDays: 0.5,
    });
  });

  it('leaves out shifts after the leaving date and stops the contract there', () => {
    const leaver = {
      ...ann,
      leavingDate: '2026-03-04',
      weeklyHours: [{ hoursPerWeek: 35, effectiveFrom: '2026-01-01' }],
    };
    const report = payrollReport(
      [leaver, { ...bob, leavingDate: '2026-03-01' }],
      [entry('a', '2026-03-04'), entry('a', '2026-03-05')],
      range,
    );
    expect(report.people).toHaveLength(1);
    expect(report.people[0]).toMatchObject({
      workedMinutes: 480,
      contractedMinutes: 3 * 300,
      differenceMinutes: -420,
    });
    expect(report.totals.contractedMinutes).toBe(900);
  });

  it('prorates contracted hours by the days in range and follows a change of contract', () => {
    const person = {
      ...ann,
      weeklyHours: [
        { hoursPerWeek: 35, effectiveFrom: '2026-01-01' },
        { hoursPerWeek: 14, effectiveFrom: '2026-03-05' },
      ],
    };
    // 3 days at 35 h (300 min a day) and 4 at 14 h (120 min a day).
    expect(contractedMinutes(person, range)).toBe(3 * 300 + 4 * 120);
    expect(contractedMinutes(ann, range)).toBeNull();
    const report = payrollReport([person], [], range);
    expect(report.people[0]).toMatchObject({
      workedMinutes: 0,
      contractedMinutes: 1380,
      differenceMinutes: -1380,
    });
  });
});

describe('leave', () => {
  it('counts hours as minutes, day kinds as days, exact as minutes less the break', () => {
    expect(leaveAmount(entry('a', '2026-03-02', { isTimeOff: true, timeOffHours: 1.25 }))).toEqual({
      kind: 'hours',
      minutes: 75,
      days: null,
    });
    expect(leaveAmount(entry('a', '2026-03-02', { isTimeOff: true, timeOffDays: 0.75 }))).toEqual({
      kind: 'days',
      minutes: null,
      days: 0.75,
    });
    expect(
      leaveAmount(
        entry('a', '2026-03-02', {
          isTimeOff: true,
          startTime: '22:00:00',
          endTime: '02:00:00',
          breakMinutes: 30,
        }),
      ),
    ).toEqual({ kind: 'exact', minutes: 210, days: null });
  });

  it('lists time off only, in staff order, totalled per person', () => {
    const report = leaveReport(
      [bob, ann],
      [
        entry('a', '2026-03-02', { isTimeOff: true, timeOffDays: 1 }),
        entry('b', '2026-03-03', { isTimeOff: true, timeOffHours: 2 }),
        entry('a', '2026-03-03'),
        entry('a', '2026-03-04', { isTimeOff: true, timeOffHours: 1 }),
        entry('a', '2026-03-20', { isTimeOff: true, timeOffDays: 1 }),
      ],
      range,
    );
    expect(report.entries.map((e) => [e.staffName, e.date])).toEqual([
      ['Bob', '2026-03-03'],
      ['Ann Lee', '2026-03-02'],
      ['Ann Lee', '2026-03-04'],
    ]);
    expect(report.people).toEqual([
      { staffId: 'b', staffName: 'Bob', entries: 1, minutes: 120, days: 0 },
      { staffId: 'a', staffName: 'Ann Lee', entries: 2, minutes: 60, days: 1 },
    ]);
    expect(report.totals).toEqual({ entries: 3, minutes: 180, days: 1 });
  });
});

describe('adjustments', () => {
  const entries = [
    entry('a', '2026-03-02', {
      attendanceAdjustments: [
        { minutes: 10, reason: 'lateness', comment: 'train' },
        { minutes: 240, reason: 'sick', comment: '' },
      ],
    }),
    entry('b', '2026-03-03', { attendanceAdjustments: [{ minutes: 30, reason: 'lateness', comment: '' }] }),
    entry('b', '2026-02-03', { attendanceAdjustments: [{ minutes: 30, reason: 'lateness', comment: '' }] }),
  ];

  it('lists each adjustment and totals per person and reason', () => {
    const report = adjustmentsReport([ann, bob], entries, range);
    expect(report.entries).toHaveLength(3);
    expect(report.people[0]).toMatchObject({ staffId: 'a', count: 2, minutes: 250 });
    expect(report.people[0]?.byReason).toMatchObject({ lateness: 10, sick: 240 });
    expect(report.totals).toMatchObject({ count: 3, minutes: 280 });
    expect(report.totals.byReason.lateness).toBe(40);
  });

  it('keeps only the reasons asked for', () => {
    const report = adjustmentsReport([ann, bob], entries, range, ['lateness']);
    expect(report.entries.map((e) => [e.staffId, e.reason, e.minutes, e.comment])).toEqual([
      ['a', 'lateness', 10, 'train'],
      ['b', 'lateness', 30, ''],
    ]);
    expect(report.totals.byReason.sick).toBe(0);
  });
});

describe('ranges', () => {
  it('counts both ends and refuses an end before the start', () => {
    expect(daysInRange('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
    expect(reportRangeProblem('leave', 'pro', '2026-03-02', '2026-03-01')).toBe(
      'The end date must be on or after the start date',
    );
  });

  it('holds leave to 36 days on Free and every report to a year', () => {
    expect(reportRangeProblem('leave', 'free', '2026-01-01', '2026-02-05')).toBeNull();
    expect(reportRangeProblem('leave', 'free', '2026-01-01', '2026-02-06')).toMatch(/at most 36 days/);
    expect(reportRangeProblem('leave', 'pro', '2024-01-01', '2024-12-31')).toBeNull();
    expect(reportRangeProblem('payroll', 'pro', '2024-01-01', '2025-01-01')).toMatch(/at most 1 year/);
  });

  it('lets every plan run the audit and leave reports, and only Pro payroll and adjustments', () => {
    expect(reportAllowed('audit', 'free')).toBe(true);
    expect(reportAllowed('leave', 'free')).toBe(true);
    expect(reportAllowed('payroll', 'free')).toBe(false);
    expect(reportAllowed('adjustments', 'free')).toBe(false);
    expect(reportAllowed('payroll', 'pro')).toBe(true);
    expect(reportAllowed('adjustments', 'pro')).toBe(true);
    expect(['audit', 'leave', 'adjustments', 'payroll'].filter((r) => reportIsPro(r as 'audit'))).toEqual([
      'adjustments',
      'payroll',
    ]);
  });

  it('works out presets from the team’s week start', () => {
    // 2026-03-04 is a Wednesday.
    expect(presetRange('this_week', '2026-03-04', 1)).toEqual({
      startDate: '2026-03-02',
      endDate: '2026-03-08',
    });
    expect(presetRange('this_week', '2026-03-04', 0)).toEqual({
      startDate: '2026-03-01',
      endDate: '2026-03-07',
    });
    expect(presetRange('last_week', '2026-03-04', 6)).toEqual({
      startDate: '2026-02-21',
      endDate: '2026-02-27',
    });
    expect(presetRange('this_month', '2024-02-10', 1)).toEqual({
      startDate: '2024-02-01',
      endDate: '2024-02-29',
    });
    expect(presetRange('last_month', '2026-01-15', 1)).toEqual({
      startDate: '2025-12-01',
      endDate: '2025-12-31',
    });
  });
});

describe('chart periods', () => {
  it('buckets by the team’s week for short ranges and by month for long ones', () => {
    const short = { startDate: '2026-03-01', endDate: '2026-03-31' };
    expect(chartBucket('2026-03-04', short, 1)).toEqual({ key: '2026-03-02', label: 'w/c 02/03' });
    expect(chartBucket('2026-03-04', short, 0)).toEqual({ key: '2026-03-01', label: 'w/c 01/03' });
    expect(chartBucket('2026-03-04', { startDate: '2026-01-01', endDate: '2026-12-31' }, 1)).toEqual({
      key: '2026-03',
      label: 'Mar 26',
    });
  });
});

describe('CSV cells', () => {
  it('makes formula-looking text safe and leaves numbers alone', () => {
    expect(safeCsvCell('=SUM(A1:A9)')).toBe("'=SUM(A1:A9)");
    expect(safeCsvCell('+44 7700')).toBe("'+44 7700");
    expect(safeCsvCell('-x')).toBe("'-x");
    expect(safeCsvCell('@cmd')).toBe("'@cmd");
    expect(safeCsvCell('\tx')).toBe("'\tx");
    expect(safeCsvCell('Ann, "A" Lee')).toBe('Ann, "A" Lee');
    expect(safeCsvCell(-30)).toBe(-30);
    expect(safeCsvCell(null)).toBe('');
    expect(safeCsvCell(true)).toBe('Yes');
  });

  it('writes records as RFC 4180 does: quoting only cells with a quote, comma or line break', () => {
    expect(csvRecord(['Ann', 'Able', 480, 7.25, -0.75, ''])).toBe('Ann,Able,480,7.25,-0.75,\r\n');
    expect(csvRecord(['Lee, Ann', 'said "hi"', 'two\nlines', 'cr\rhere', "'=SUM(A1)"])).toBe(
      `"Lee, Ann","said ""hi""","two\nlines","cr\rhere",'=SUM(A1)\r\n`,
    );
    expect(csvRecord(['Zoë 🍕', '""'])).toBe('Zoë 🍕,""""""\r\n');
    expect(csvRecord([])).toBe('\r\n');
  });

  it('writes minutes as decimal hours', () => {
    expect(decimalHours(90)).toBe(1.5);
    expect(decimalHours(20)).toBe(0.33);
    expect(decimalHours(-45)).toBe(-0.75);
  });
});
