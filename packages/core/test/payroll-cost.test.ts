import { describe, expect, it } from 'vitest';
import { costShifts, summariseLabour } from '../src/labour/labour-cost.ts';
import { decimalMoney } from '../src/reports/csv.ts';
import { payrollReport } from '../src/reports/payroll-report.ts';
import type { ReportEntry, ReportStaff } from '../src/reports/report-rows.ts';

/**
 * The payroll report's money (issue 43): each line and the totals add the costs core's costShifts gave
 * each shift, so the report's totals are /labour's; without costs (a plan without labour cost) every
 * `costMinor` is null. And the CSV's plain decimals.
 */

const person = (staffId: string, firstName: string): ReportStaff => ({
  staffId,
  firstName,
  lastName: '',
  leavingDate: null,
  weeklyHours: [],
});
const shift = (shiftId: string, staffId: string, shiftDate: string, over: Partial<ReportEntry> = {}) => ({
  shiftId,
  staffId,
  shiftDate,
  startTime: '09:00:00',
  endTime: '15:00:00',
  breakMinutes: 0,
  isTimeOff: false,
  timeOffDays: null,
  timeOffHours: null,
  attendanceAdjustments: [],
  ...over,
});
// A Monday-start week: Sam's rate rises on Wednesday, overtime after 600 minutes at 1.5.
const WEEK = { startDate: '2027-03-01', endDate: '2027-03-07' };
const entries: ReportEntry[] = [
  shift('s1', 'sam', '2027-03-01'),
  shift('s2', 'sam', '2027-03-03', { breakMinutes: 30 }),
  shift('s3', 'sam', '2027-03-05', { startTime: '10:00:00', endTime: '12:00:00' }),
  shift('t1', 'sam', '2027-03-06', { isTimeOff: true, startTime: null, endTime: null, timeOffDays: 1 }),
  shift('a1', 'ana', '2027-03-02'),
];
const context = {
  ratesByStaff: new Map([
    [
      'sam',
      [
        { effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 },
        { effectiveFrom: '2027-03-03', hourlyRateMinor: 1300 },
      ],
    ],
  ]),
  settings: { overtimeAfterMinutes: 600, overtimeMultiplier: 1.5 },
  weekStartDay: 1,
  timeZone: 'UTC',
};

describe('the payroll report with cost', () => {
  const costed = costShifts(entries, context);
  const costs = new Map(costed.map((c) => [c.shiftId, c.costMinor]));
  const report = payrollReport([person('sam', 'Sam'), person('ana', 'Ana')], entries, WEEK, 'UTC', costs);

  it('gives each day, person and the totals the sum of their shifts’ costs (time off costs nothing)', () => {
    const sam = report.days.filter((d) => d.staffId === 'sam');
    expect(sam.map((d) => [d.date, d.costMinor])).toEqual([
      ['2027-03-01', 6000],
      ['2027-03-03', 8125],
      ['2027-03-05', 3900],
      ['2027-03-06', 0],
    ]);
    expect(report.people.find((p) => p.staffId === 'sam')?.costMinor).toBe(18_025);
    // Ana has no rate: her minutes count, her cost is 0.
    expect(report.people.find((p) => p.staffId === 'ana')).toMatchObject({
      workedMinutes: 360,
      costMinor: 0,
    });
    expect(report.totals.costMinor).toBe(18_025);
  });

  it('has the totals /labour has for the same range', () => {
    const labour = summariseLabour({
      range: WEEK,
      costed,
      staffNames: new Map(),
      weekStartDay: 1,
      weeklyBudgetMinor: null,
    });
    expect(report.totals.costMinor).toBe(labour.totals.costMinor);
    expect(report.totals.workedMinutes).toBe(labour.totals.minutes);
    for (const day of labour.days) {
      const own = report.days.filter((d) => d.date === day.date);
      expect(own.reduce((sum, d) => sum + (d.costMinor ?? 0), 0)).toBe(day.costMinor);
    }
  });

  it('shows no money without costs: every costMinor is null', () => {
    const plain = payrollReport([person('sam', 'Sam')], entries, WEEK, 'UTC');
    expect(plain.days.every((d) => d.costMinor === null)).toBe(true);
    expect(plain.people[0]?.costMinor).toBeNull();
    expect(plain.totals.costMinor).toBeNull();
  });
});

describe('decimalMoney', () => {
  it('writes minor units as a plain decimal with the currency’s digits', () => {
    expect(decimalMoney(8125, 2)).toBe('81.25');
    expect(decimalMoney(5, 2)).toBe('0.05');
    expect(decimalMoney(0, 2)).toBe('0.00');
    expect(decimalMoney(-5, 2)).toBe('-0.05');
    expect(decimalMoney(123_456_789, 2)).toBe('1234567.89');
    expect(decimalMoney(1200, 0)).toBe('1200');
    expect(decimalMoney(1, 3)).toBe('0.001');
  });
});
