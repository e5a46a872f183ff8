import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CostEntry, costShifts, shiftCost, summariseLabour } from '../src/labour/labour-cost.ts';
import { divideRoundHalfUp, formatMoney, isIsoCurrency, minorDigits } from '../src/labour/money.ts';
import { rateOn } from '../src/labour/pay-rates.ts';

const shift = (over: Partial<CostEntry> & Pick<CostEntry, 'shiftId' | 'shiftDate'>): CostEntry => ({
  staffId: 'ana',
  startTime: '09:00',
  endTime: '17:00',
  isTimeOff: false,
  breakMinutes: 0,
  timeOffHours: null,
  timeOffDays: null,
  ...over,
});
const noOvertime: { overtimeAfterMinutes: number | null; overtimeMultiplier: number } = {
  overtimeAfterMinutes: null,
  overtimeMultiplier: 1.5,
};
const ctx = (
  rates: Record<string, { effectiveFrom: string; hourlyRateMinor: number }[]>,
  settings = noOvertime,
) => ({
  ratesByStaff: new Map(Object.entries(rates)),
  settings,
  weekStartDay: 1,
  timeZone: 'UTC',
});

describe('money', () => {
  it('rounds half up with integers only', () => {
    expect(divideRoundHalfUp(5, 10)).toBe(1);
    expect(divideRoundHalfUp(4, 10)).toBe(0);
    expect(divideRoundHalfUp(15, 10)).toBe(2);
    expect(divideRoundHalfUp(6000 * 7 + 2999, 6000)).toBe(7);
    expect(divideRoundHalfUp(6000 * 7 + 3000, 6000)).toBe(8);
  });
  it('knows currencies and their minor units', () => {
    expect(isIsoCurrency('GBP')).toBe(true);
    expect(isIsoCurrency('gbp')).toBe(false);
    expect(isIsoCurrency('XYZ')).toBe(false);
    expect(minorDigits('GBP')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(formatMoney(123456, 'GBP', 'en-GB')).toBe('£1,234.56');
    expect(formatMoney(1234, 'JPY', 'en-GB')).toBe('¥1,234');
    // The short symbol whatever the reader's locale: one currency per team, named in its settings.
    expect(formatMoney(130500, 'USD', 'en-GB')).toBe('$1,305.00');
  });
});

describe('pay rates', () => {
  const rates = [
    { effectiveFrom: '2027-01-10', hourlyRateMinor: 1200 },
    { effectiveFrom: '2027-01-01', hourlyRateMinor: 1100 },
  ];
  it('applies a rate from its date until the next', () => {
    expect(rateOn(rates, '2026-12-31')).toBeNull();
    expect(rateOn(rates, '2027-01-01')?.hourlyRateMinor).toBe(1100);
    expect(rateOn(rates, '2027-01-09')?.hourlyRateMinor).toBe(1100);
    expect(rateOn(rates, '2027-01-10')?.hourlyRateMinor).toBe(1200);
  });
});

describe('a shift’s cost', () => {
  it('is paid minutes times the rate over 60, rounded half up once', () => {
    // 7 h 30 at £11.11 is 8,332.5 pence: 8,333
    expect(
      shiftCost(450, 0, { effectiveFrom: '2027-01-01', hourlyRateMinor: 1111 }, noOvertime).costMinor,
    ).toBe(8333);
    // 1 minute at 30p an hour: 0.5 → 1
    expect(shiftCost(1, 0, { effectiveFrom: '2027-01-01', hourlyRateMinor: 30 }, noOvertime).costMinor).toBe(
      1,
    );
  });
  it('adds the premium on the minutes beyond the weekly threshold only', () => {
    const settings = { overtimeAfterMinutes: 600, overtimeMultiplier: 1.5 };
    const rate = { effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 };
    // 480 before, 480 now: 360 of them beyond 600 → 80.00 + 360 × 10.00 × 0.5 / 60 = 110.00
    expect(shiftCost(480, 480, rate, settings)).toEqual({ overtimeMinutes: 360, costMinor: 11000 });
    expect(shiftCost(480, 0, rate, settings)).toEqual({ overtimeMinutes: 0, costMinor: 8000 });
    expect(shiftCost(480, 700, rate, settings)).toEqual({ overtimeMinutes: 480, costMinor: 12000 });
  });
});

describe('costing a schedule', () => {
  it('uses the rate in force on each shift’s date when it changes mid-week', () => {
    const costed = costShifts(
      [
        shift({ shiftId: 'mon', shiftDate: '2027-01-04' }),
        shift({ shiftId: 'wed', shiftDate: '2027-01-06' }),
      ],
      ctx({
        ana: [
          { effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 },
          { effectiveFrom: '2027-01-05', hourlyRateMinor: 1200 },
        ],
      }),
    );
    expect(costed.map((c) => c.costMinor)).toEqual([8000, 9600]);
  });

  it('counts overtime in time order across a rate change, per team week', () => {
    const settings = { overtimeAfterMinutes: 600, overtimeMultiplier: 2 };
    const costed = costShifts(
      [
        // Out of order on purpose: Wednesday before Monday in the input.
        shift({ shiftId: 'wed', shiftDate: '2027-01-06' }),
        shift({ shiftId: 'mon', shiftDate: '2027-01-04' }),
        // Next week starts again from nothing.
        shift({ shiftId: 'next-mon', shiftDate: '2027-01-11' }),
      ],
      ctx(
        {
          ana: [
            { effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 },
            { effectiveFrom: '2027-01-05', hourlyRateMinor: 1200 },
          ],
        },
        settings,
      ),
    );
    const by = Object.fromEntries(costed.map((c) => [c.shiftId, c]));
    expect(by.mon).toMatchObject({ overtimeMinutes: 0, costMinor: 8000 });
    // 360 of Wednesday's 480 minutes are overtime, at Wednesday's rate: 96.00 + 360 × 12.00 / 60 = 168.00
    expect(by.wed).toMatchObject({ overtimeMinutes: 360, costMinor: 16800 });
    expect(by['next-mon']).toMatchObject({ overtimeMinutes: 0, costMinor: 9600 });
  });

  it('costs a person without a rate nothing and flags them; time off costs nothing', () => {
    const costed = costShifts(
      [
        shift({ shiftId: 'ben', staffId: 'ben', shiftDate: '2027-01-04' }),
        shift({ shiftId: 'off', shiftDate: '2027-01-05', isTimeOff: true, timeOffHours: 8 }),
      ],
      ctx({ ana: [{ effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 }] }),
    );
    expect(costed).toEqual([
      {
        shiftId: 'ben',
        staffId: 'ben',
        date: '2027-01-04',
        minutes: 480,
        overtimeMinutes: 0,
        costMinor: 0,
        missingRate: true,
      },
    ]);
  });

  it('pays real elapsed time in the team’s zone across a clock change', () => {
    const night = shift({ shiftId: 'night', shiftDate: '2027-10-30', startTime: '22:00', endTime: '06:00' });
    const [london] = costShifts([night], {
      ...ctx({ ana: [{ effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 }] }),
      timeZone: 'Europe/London',
    });
    expect(london).toMatchObject({ minutes: 540, costMinor: 9000 });
  });

  it('summarises days, people, totals and whole weeks against the budget', () => {
    const costed = costShifts(
      [
        shift({ shiftId: 'a', shiftDate: '2027-01-04' }),
        shift({ shiftId: 'b', staffId: 'ben', shiftDate: '2027-01-05' }),
        shift({ shiftId: 'c', shiftDate: '2027-01-11' }),
      ],
      ctx({ ana: [{ effectiveFrom: '2027-01-01', hourlyRateMinor: 1000 }] }),
    );
    const summary = summariseLabour({
      range: { startDate: '2027-01-05', endDate: '2027-01-11' },
      costed,
      staffNames: new Map([
        ['ana', 'Ana Silva'],
        ['ben', 'Ben Okafor'],
      ]),
      weekStartDay: 1,
      weeklyBudgetMinor: 5000,
    });
    expect(summary.days).toHaveLength(7);
    expect(summary.days[0]).toEqual({ date: '2027-01-05', minutes: 480, costMinor: 0 });
    expect(summary.totals).toEqual({ minutes: 960, overtimeMinutes: 0, costMinor: 8000 });
    expect(summary.people.map((p) => [p.staffName, p.costMinor, p.missingRate])).toEqual([
      ['Ana Silva', 8000, false],
      ['Ben Okafor', 0, true],
    ]);
    // The first week is whole: Monday's 80.00 counts against its budget though the range starts Tuesday.
    expect(summary.weeks).toEqual([
      { weekStart: '2027-01-04', costMinor: 8000, budgetMinor: 5000, overBudget: true },
      { weekStart: '2027-01-11', costMinor: 8000, budgetMinor: 5000, overBudget: true },
    ]);
  });

  it('makes a week’s cost the sum of its days and its people, whatever the shifts (property)', () => {
    const arbitraryShift = fc.record({
      staff: fc.constantFrom('ana', 'ben', 'cai'),
      day: fc.integer({ min: 0, max: 6 }),
      start: fc.integer({ min: 0, max: 95 }),
      length: fc.integer({ min: 1, max: 64 }),
      breakMinutes: fc.integer({ min: 0, max: 60 }),
    });
    const time = (quarter: number) =>
      `${String(Math.floor((quarter % 96) / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}`;
    fc.assert(
      fc.property(
        fc.array(arbitraryShift, { maxLength: 30 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
        fc.integer({ min: 100, max: 300 }),
        (raw, rate, overtimeAfterMinutes, multiplier) => {
          const entries = raw.map((r, i) =>
            shift({
              shiftId: `s${i}`,
              staffId: r.staff,
              shiftDate: `2027-01-${String(4 + r.day).padStart(2, '0')}`,
              startTime: time(r.start),
              endTime: time(r.start + r.length),
              breakMinutes: r.breakMinutes,
            }),
          );
          const costed = costShifts(
            entries,
            ctx(
              {
                ana: [{ effectiveFrom: '2027-01-01', hourlyRateMinor: rate }],
                ben: [{ effectiveFrom: '2027-01-06', hourlyRateMinor: rate }],
              },
              { overtimeAfterMinutes, overtimeMultiplier: multiplier / 100 },
            ),
          );
          const summary = summariseLabour({
            range: { startDate: '2027-01-04', endDate: '2027-01-10' },
            costed,
            staffNames: new Map(),
            weekStartDay: 1,
            weeklyBudgetMinor: null,
          });
          const sum = (xs: { costMinor: number }[]) => xs.reduce((t, x) => t + x.costMinor, 0);
          expect(summary.weeks).toHaveLength(1);
          expect(summary.weeks[0]!.costMinor).toBe(sum(summary.days));
          expect(summary.totals.costMinor).toBe(sum(summary.people));
          expect(costed.every((c) => Number.isInteger(c.costMinor) && c.costMinor >= 0)).toBe(true);
        },
      ),
    );
  });
});
