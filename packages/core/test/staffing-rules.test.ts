import { describe, expect, it } from 'vitest';
import type { ShiftDto } from '../src/contracts/shifts.ts';
import { checkEntryAgainstRules, validatePeriod } from '../src/staffing/validate.ts';
import { context, only, shift } from './staffing-helpers.ts';

// 2026-12-07 is a Monday.
const week = { startDate: '2026-12-07', endDate: '2026-12-13' };
const rules = (result: ReturnType<typeof validatePeriod>) => result.violations.map((v) => v.rule);

describe('rest', () => {
  it('measures from the end of a late shift to the next morning, across midnight', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const result = validatePeriod(
      context([late, early], { settings: only({ minRestHours: { value: 11, strict: true } }) }),
      week,
    );
    expect(result.violations).toEqual([
      {
        rule: 'rest',
        strict: true,
        staffId: 'ana',
        dates: ['2026-12-07', '2026-12-08'],
        shiftIds: [late.shiftId, early.shiftId],
        message: 'Ana has 8 h between shifts (Mon 22:00 to Tue 06:00); the minimum is 11 h',
      },
    ]);
  });

  it('measures from the end of an overnight shift, on the next day', () => {
    const night = shift('2026-12-07', '22:00', '06:00');
    const next = shift('2026-12-08', '14:00', '20:00');
    const result = validatePeriod(
      context([night, next], { settings: only({ minRestHours: { value: 11, strict: false } }) }),
      week,
    );
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana has 8 h between shifts (Tue 06:00 to Tue 14:00); the minimum is 11 h',
    ]);
    expect(result.violations[0]?.strict).toBe(false);
  });

  it('is kept at exactly the minimum and when the gap is longer', () => {
    const a = shift('2026-12-07', '09:00', '19:00');
    const b = shift('2026-12-08', '06:00', '14:00');
    const c = shift('2026-12-09', '09:00', '17:00');
    expect(
      validatePeriod(
        context([a, b, c], { settings: only({ minRestHours: { value: 11, strict: true } }) }),
        week,
      ).violations,
    ).toEqual([]);
  });

  it('compares each shift with the one just before it, not the first of the week', () => {
    const entries = [
      shift('2026-12-07', '09:00', '17:00'),
      shift('2026-12-08', '14:00', '22:00'),
      shift('2026-12-09', '06:00', '14:00'),
    ];
    const result = validatePeriod(
      context(entries, { settings: only({ minRestHours: { value: 11, strict: true } }) }),
      week,
    );
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana has 8 h between shifts (Tue 22:00 to Wed 06:00); the minimum is 11 h',
    ]);
  });

  it('crosses a week boundary: Sunday night to Monday morning of the next week', () => {
    const sunday = shift('2026-12-13', '16:00', '23:30');
    const monday = shift('2026-12-14', '07:00', '15:00');
    const result = validatePeriod(
      context([sunday, monday], { settings: only({ minRestHours: { value: 11, strict: true } }) }),
      { startDate: '2026-12-14', endDate: '2026-12-20' },
    );
    expect(result.violations.map((v) => [v.rule, v.dates, v.message])).toEqual([
      [
        'rest',
        ['2026-12-13', '2026-12-14'],
        'Ana has 7.5 h between shifts (Sun 23:30 to Mon 07:00); the minimum is 11 h',
      ],
    ]);
  });

  it('ignores time off between or as one of the entries', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const off = shift('2026-12-08', '06:00', '14:00', { isTimeOff: true });
    expect(validatePeriod(context([late, off]), week).violations).toEqual([]);
  });

  it('is off when its value is null', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    expect(
      rules(
        validatePeriod(
          context([late, early], { settings: only({ minRestHours: { value: null, strict: true } }) }),
          week,
        ),
      ),
    ).toEqual([]);
  });

  it('treats each person on their own', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00', { staffId: 'ben' });
    expect(validatePeriod(context([late, early]), week).violations).toEqual([]);
  });
});

describe('weekly hours', () => {
  const fiveTens = (from: string[]) =>
    from.map((date) => shift(date, '08:00', '18:30', { breakMinutes: 30 }));

  it('sums worked minutes (break deducted) in the team week and names its first day', () => {
    // 5 × 10 h = 50 h, plus a 2 h shift = 52 h.
    const entries = [
      ...fiveTens(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']),
      shift('2026-12-12', '10:00', '12:00'),
    ];
    const result = validatePeriod(
      context(entries, { settings: only({ maxWeeklyHours: { value: 48, strict: false } }) }),
      week,
    );
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({
      rule: 'weekly-hours',
      strict: false,
      dates: ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12'],
      message: 'Ana works 52 h in the week of 7 Dec; the maximum is 48 h',
    });
    expect(result.violations[0]?.shiftIds).toHaveLength(6);
  });

  it('counts by a week starting Wednesday: the same shifts split across two weeks stay within 48 h', () => {
    const entries = fiveTens(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11']);
    const settings = only({ maxWeeklyHours: { value: 48, strict: false } });
    expect(rules(validatePeriod(context(entries, { settings, weekStartDay: 1 }), week))).toEqual([
      'weekly-hours',
    ]);
    // Wednesday weeks: Mon–Tue (20 h) belong to the week of 2 Dec, Wed–Fri (30 h) to the week of 9 Dec.
    expect(rules(validatePeriod(context(entries, { settings, weekStartDay: 3 }), week))).toEqual([]);
    const more = [...entries, ...fiveTens(['2026-12-12', '2026-12-13'])];
    const result = validatePeriod(context(more, { settings, weekStartDay: 3 }), week);
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana works 50 h in the week of 9 Dec; the maximum is 48 h',
    ]);
    expect(result.violations[0]?.dates[0]).toBe('2026-12-09');
  });

  it('does not count time off, even time off in hours', () => {
    const entries = [
      ...fiveTens(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']),
      shift('2026-12-11', '08:00', '18:00', { isTimeOff: true, timeOffHours: 10 }),
    ];
    expect(validatePeriod(context(entries), week).violations).toEqual([]);
  });

  it('puts an overnight shift in the week of its start day', () => {
    const entries = [
      ...fiveTens(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10']),
      shift('2026-12-13', '20:00', '06:00'),
    ];
    const result = validatePeriod(
      context(entries, { settings: only({ maxWeeklyHours: { value: 48, strict: true } }) }),
      week,
    );
    expect(result.violations.map((v) => [v.message, v.strict])).toEqual([
      ['Ana works 50 h in the week of 7 Dec; the maximum is 48 h', true],
    ]);
  });
});

describe('consecutive days', () => {
  const days = (dates: string[]) => dates.map((date) => shift(date, '09:00', '13:00'));
  const seven = [
    '2026-12-07',
    '2026-12-08',
    '2026-12-09',
    '2026-12-10',
    '2026-12-11',
    '2026-12-12',
    '2026-12-13',
  ];

  it('flags one run longer than the maximum, once', () => {
    const result = validatePeriod(
      context(days(seven), { settings: only({ maxConsecutiveDays: { value: 6, strict: false } }) }),
      week,
    );
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({
      rule: 'consecutive-days',
      dates: seven,
      message: 'Ana works 7 days in a row (Mon 7 Dec to Sun 13 Dec); the maximum is 6',
    });
  });

  it('is kept by six days, and a day off breaks the run', () => {
    const settings = only({ maxConsecutiveDays: { value: 6, strict: false } });
    expect(validatePeriod(context(days(seven.slice(0, 6)), { settings }), week).violations).toEqual([]);
    const withGap = days([...seven.slice(0, 3), ...seven.slice(4), '2026-12-14', '2026-12-15']);
    expect(validatePeriod(context(withGap, { settings }), week).violations).toEqual([]);
  });

  it('counts an overnight shift on its start day only', () => {
    // Six nights Mon–Sat end on Tue–Sun: six days with a shift, not seven.
    const nights = seven.slice(0, 6).map((date) => shift(date, '22:00', '06:00'));
    const settings = only({ maxConsecutiveDays: { value: 6, strict: false } });
    expect(validatePeriod(context(nights, { settings }), week).violations).toEqual([]);
  });

  it('sees a run that starts before the period', () => {
    const entries = days([
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    const result = validatePeriod(
      context(entries, { settings: only({ maxConsecutiveDays: { value: 6, strict: true } }) }),
      week,
    );
    expect(result.violations.map((v) => [v.rule, v.strict, v.dates.length])).toEqual([
      ['consecutive-days', true, 7],
    ]);
  });
});

describe('shift length', () => {
  it('measures start to end, break included, overnight too, against the minimum and the maximum', () => {
    const short = shift('2026-12-08', '09:00', '11:00');
    const long = shift('2026-12-09', '20:00', '09:00', { breakMinutes: 60 });
    const fine = shift('2026-12-10', '09:00', '21:00', { breakMinutes: 60 });
    const result = validatePeriod(
      context([short, long, fine], {
        settings: only({
          minShiftHours: { value: 3, strict: false },
          maxShiftHours: { value: 12, strict: true },
        }),
      }),
      week,
    );
    expect(result.violations.map((v) => [v.shiftIds[0], v.strict, v.message])).toEqual([
      [short.shiftId, false, "Ana's shift on Tue 8 Dec is 2 h (09:00–11:00); the minimum is 3 h"],
      [long.shiftId, true, "Ana's shift on Wed 9 Dec is 13 h (20:00–09:00); the maximum is 12 h"],
    ]);
  });

  it('is off when both values are null', () => {
    const short = shift('2026-12-08', '09:00', '09:30');
    expect(validatePeriod(context([short], { settings: only({}) }), week).violations).toEqual([]);
  });
});

describe('availability', () => {
  it('breaks on a weekly whole-day entry, never strict', () => {
    const wednesday = shift('2026-12-09', '09:00', '17:00');
    const result = validatePeriod(
      context([wednesday], {
        availability: {
          ana: { weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }] },
        },
      }),
      week,
    );
    expect(result.violations).toEqual([
      {
        rule: 'availability',
        strict: false,
        staffId: 'ana',
        dates: ['2026-12-09'],
        shiftIds: [wednesday.shiftId],
        message: 'Ana is unavailable on Wed 9 Dec; the shift runs Wed 09:00–17:00',
      },
    ]);
  });

  it('breaks on a partial dated entry only when the times overlap', () => {
    const availability = {
      ana: {
        dates: [{ date: '2026-12-10', startTime: '12:00', endTime: '23:59', kind: 'unavailable' as const }],
      },
    };
    const morning = shift('2026-12-10', '06:00', '12:00');
    const afternoon = shift('2026-12-10', '11:00', '15:00', { staffId: 'ana' });
    expect(validatePeriod(context([morning], { availability }), week).violations).toEqual([]);
    const result = validatePeriod(context([afternoon], { availability }), week);
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana is unavailable on Thu 10 Dec from 12:00 to 23:59; the shift runs Thu 11:00–15:00',
    ]);
  });

  it('catches an overnight shift running into an unavailable next day', () => {
    const night = shift('2026-12-08', '22:00', '06:00');
    const availability = {
      ana: { weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' as const }] },
    };
    expect(rules(validatePeriod(context([night], { availability }), week))).toEqual(['availability']);
  });

  it('treats preferred times as information, not a rule', () => {
    const shiftOnSunday = shift('2026-12-13', '09:00', '17:00');
    const availability = {
      ana: { weekly: [{ weekday: 7, startTime: null, endTime: null, kind: 'preferred' as const }] },
    };
    expect(validatePeriod(context([shiftOnSunday], { availability }), week).violations).toEqual([]);
  });
});

describe('a single hand edit', () => {
  it('returns the rest violation a new shift would introduce, and nothing for a fine one', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const message = 'Ana has 8 h between shifts (Mon 22:00 to Tue 06:00); the minimum is 11 h';
    // With the defaults it only warns; once strict is chosen (and saved) it is strict.
    expect(checkEntryAgainstRules(context([late]), early).map((v) => [v.rule, v.strict, v.message])).toEqual([
      ['rest', false, message],
    ]);
    const ctx = context([late], { settings: { rules: { minRestHours: { value: 11, strict: true } } } });
    expect(checkEntryAgainstRules(ctx, early).map((v) => [v.rule, v.strict, v.message])).toEqual([
      ['rest', true, message],
    ]);
    expect(checkEntryAgainstRules(ctx, shift('2026-12-08', '09:00', '17:00'))).toEqual([]);
  });

  it('judges a move by where the shift lands, not where it was', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const ctx = context([late, early]);
    // Moving the early shift to the afternoon removes the breach; moving it to Ben is no breach of Ana's.
    expect(checkEntryAgainstRules(ctx, { ...early, startTime: '10:00', endTime: '18:00' })).toEqual([]);
    expect(checkEntryAgainstRules(ctx, { ...early, staffId: 'ben' })).toEqual([]);
  });

  it('does not blame an edit for a breach that was already there unchanged', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    const early = shift('2026-12-08', '06:00', '14:00');
    const ctx = context([late, early]);
    expect(checkEntryAgainstRules(ctx, { ...early })).toEqual([]);
  });

  it('reports a weekly breach made worse by the edit', () => {
    const days = ['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11'].map((d) =>
      shift(d, '08:00', '18:00'),
    );
    const ctx = context(days);
    // 50 h was already too much; three more hours is a new, worse breach.
    const added = shift('2026-12-12', '08:00', '11:00');
    expect(checkEntryAgainstRules(ctx, added).map((v) => v.message)).toEqual([
      'Ana works 53 h in the week of 7 Dec; the maximum is 48 h',
    ]);
  });

  it('lets time off through', () => {
    const late = shift('2026-12-07', '14:00', '22:00');
    expect(
      checkEntryAgainstRules(context([late]), shift('2026-12-08', '06:00', '14:00', { isTimeOff: true })),
    ).toEqual([]);
  });
});

describe('entries as the API stores them', () => {
  it('takes a ShiftDto as it is, seconds and attendance adjustments included', () => {
    const dto = (shiftId: string, shiftDate: string, startTime: string, endTime: string): ShiftDto => ({
      shiftId,
      staffId: 'ana',
      shiftDate,
      startTime,
      endTime,
      notes: null,
      notesVisibleToAll: true,
      isTimeOff: false,
      sick: false,
      timeOffDays: null,
      timeOffHours: null,
      colour: null,
      breakMinutes: 0,
      attendanceAdjustments: [{ minutes: 120, reason: 'lateness', comment: '' }],
      attendanceAdjustmentMinutes: 120,
      workedMinutes: 360,
    });
    const entries = [
      dto('a', '2026-12-07', '14:00:00', '22:00:00'),
      dto('b', '2026-12-08', '06:00:00', '14:00:00'),
    ];
    const result = validatePeriod(
      context(entries, {
        settings: only({
          minRestHours: { value: 11, strict: true },
          maxWeeklyHours: { value: 12, strict: false },
        }),
      }),
      week,
    );
    // 2 × (8 h − 2 h late) = 12 h: within the weekly 12 h; the rest rule reads the planned times.
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana has 8 h between shifts (Mon 22:00 to Tue 06:00); the minimum is 11 h',
    ]);
  });
});

describe("every length in the team's zone (issue 41)", () => {
  // London: the clocks go back on the night of 30–31 October 2027 and forward on 27–28 March 2027.
  const london = (settings: Parameters<typeof only>[0]) => ({
    settings: only(settings),
    timeZone: 'Europe/London',
  });
  const messages = (result: ReturnType<typeof validatePeriod>) => result.violations.map((v) => v.message);

  it('measures a night shift’s length in real time', () => {
    const autumn = shift('2027-10-30', '22:00', '06:00');
    const spring = shift('2027-03-27', '22:00', '06:00');
    const max8 = london({ maxShiftHours: { value: 8, strict: false } });
    expect(
      messages(validatePeriod(context([autumn], max8), { startDate: '2027-10-30', endDate: '2027-10-30' })),
    ).toEqual(["Ana's shift on Sat 30 Oct is 9 h (22:00–06:00); the maximum is 8 h"]);
    const min8 = london({ minShiftHours: { value: 8, strict: false } });
    expect(
      messages(validatePeriod(context([spring], min8), { startDate: '2027-03-27', endDate: '2027-03-27' })),
    ).toEqual(["Ana's shift on Sat 27 Mar is 7 h (22:00–06:00); the minimum is 8 h"]);
    // In UTC the same wall-clock shift is 8 h, as it always was.
    expect(
      validatePeriod(context([autumn], { settings: only({ maxShiftHours: { value: 8, strict: false } }) }), {
        startDate: '2027-10-30',
        endDate: '2027-10-30',
      }).violations,
    ).toEqual([]);
  });

  it('adds up weekly hours across the change in real time', () => {
    // Six nights from Monday 25 October 2027: five of 8 h and the Saturday's 9 h make 49 h.
    const nights = [0, 1, 2, 3, 4, 5].map((d) => shift(`2027-10-${25 + d}`, '22:00', '06:00'));
    const week48 = london({ maxWeeklyHours: { value: 48, strict: false } });
    expect(
      messages(validatePeriod(context(nights, week48), { startDate: '2027-10-25', endDate: '2027-10-31' })),
    ).toEqual(['Ana works 49 h in the week of 25 Oct; the maximum is 48 h']);
  });

  it('covers a slot and judges availability in real time too', () => {
    // A 22:00–06:00 slot on the night the clocks go back is covered by a 22:00–06:00 shift, and an
    // unavailable 05:00–07:00 on the Sunday is overlapped by its last hour.
    const night = shift('2027-10-30', '22:00', '06:00');
    const settings = {
      coverage: [{ weekday: 6, startTime: '22:00', endTime: '06:00', staffCount: 1 }],
      rules: only({}).rules,
    };
    const result = validatePeriod(
      context([night], {
        settings,
        timeZone: 'Europe/London',
        availability: {
          ana: { dates: [{ date: '2027-10-31', startTime: '05:00', endTime: '07:00', kind: 'unavailable' }] },
        },
      }),
      { startDate: '2027-10-30', endDate: '2027-10-30' },
    );
    expect(result.coverage.map((row) => row.assigned)).toEqual([1]);
    expect(rules(result)).toEqual(['availability']);
  });
});
