import { describe, expect, it } from 'vitest';
import { StaffingSettings } from '../src/contracts/schedule-agent.ts';
import { preferenceMinutes } from '../src/staffing/availability.ts';
import { roleFits } from '../src/staffing/coverage.ts';
import { staffingWindow, validatePeriod } from '../src/staffing/validate.ts';
import { ana, ben, context, only, shift } from './staffing-helpers.ts';

const monday = { startDate: '2026-12-07', endDate: '2026-12-07' };
const cara = { staffId: 'cara', name: 'Cara', role: ' barista ', leavingDate: null };
const staff = [ana, ben, cara];

describe('coverage', () => {
  it('counts shifts covering the whole window, with a role matched ignoring case', () => {
    const settings = {
      ...only({}),
      coverage: [
        {
          weekday: 1,
          startTime: '07:00',
          endTime: '15:00',
          breakMinutes: 30,
          staffCount: 2,
          role: 'BARISTA',
        },
      ],
    };
    const entries = [
      shift('2026-12-07', '07:00', '15:00'), // Ana, Barista: counts
      shift('2026-12-07', '06:00', '16:00', { staffId: 'cara' }), // ' barista ': counts
      shift('2026-12-07', '07:00', '15:00', { staffId: 'ben' }), // Chef: wrong role
    ];
    const result = validatePeriod(context(entries, { settings, staff }), monday);
    expect(result.coverage).toEqual([
      {
        date: '2026-12-07',
        startTime: '07:00',
        endTime: '15:00',
        role: 'BARISTA',
        needed: 2,
        assigned: 2,
        staffIds: ['ana', 'cara'],
      },
    ]);
  });

  it('does not count a partial cover, time off, another date or a leaver', () => {
    const settings = {
      ...only({}),
      coverage: [{ weekday: 1, startTime: '07:00', endTime: '15:00', staffCount: 1, role: null }],
    };
    const leaver = { ...ben, leavingDate: '2026-12-06' };
    const entries = [
      shift('2026-12-07', '08:00', '15:00'), // starts late
      shift('2026-12-07', '07:00', '14:59', { staffId: 'cara' }), // ends early
      shift('2026-12-07', '07:00', '15:00', { staffId: 'ben' }), // left the day before
      shift('2026-12-07', '07:00', '15:00', { shiftId: 'off', isTimeOff: true }),
      shift('2026-12-06', '07:00', '15:00'), // the Sunday before
    ];
    const result = validatePeriod(context(entries, { settings, staff: [ana, leaver, cara] }), monday);
    expect(result.coverage.map((row) => [row.assigned, row.staffIds])).toEqual([[0, []]]);
    expect(result.summary).toMatchObject({ slotsNeeded: 1, slotsFilled: 0 });
  });

  it('covers an overnight slot with an overnight shift of that date only', () => {
    const settings = {
      ...only({}),
      coverage: [{ weekday: 1, startTime: '22:00', endTime: '06:00', staffCount: 2, role: null }],
    };
    const entries = [
      shift('2026-12-07', '21:00', '07:00'), // covers
      shift('2026-12-07', '22:00', '23:59', { staffId: 'ben' }), // stops before morning
    ];
    const result = validatePeriod(context(entries, { settings }), monday);
    expect(result.coverage.map((row) => [row.needed, row.assigned, row.staffIds])).toEqual([[2, 1, ['ana']]]);
  });

  it('adds up the summary: extra people on a slot fill no other, strict violations counted apart', () => {
    const settings = {
      rules: { minRestHours: { value: 11, strict: true }, maxShiftHours: { value: 12, strict: false } },
      coverage: [
        { weekday: 1, startTime: '07:00', endTime: '15:00', staffCount: 1, role: null },
        { weekday: 1, startTime: '15:00', endTime: '23:00', staffCount: 2, role: null },
        { weekday: 2, startTime: '07:00', endTime: '15:00', staffCount: 1, role: null },
      ],
    };
    const entries = [
      shift('2026-12-07', '07:00', '15:00'),
      shift('2026-12-07', '07:00', '15:00', { staffId: 'ben' }),
      shift('2026-12-07', '15:00', '23:00', { staffId: 'cara' }),
      shift('2026-12-08', '07:00', '15:00', { staffId: 'cara' }), // 8 h rest after 23:00: strict
      shift('2026-12-08', '06:00', '19:00'), // 13 h: not strict
    ];
    const result = validatePeriod(context(entries, { settings, staff }), {
      startDate: '2026-12-07',
      endDate: '2026-12-08',
    });
    expect(result.coverage.map((row) => [row.date, row.startTime, row.needed, row.assigned])).toEqual([
      ['2026-12-07', '07:00', 1, 2],
      ['2026-12-07', '15:00', 2, 1],
      ['2026-12-08', '07:00', 1, 2],
    ]);
    expect(result.summary).toEqual({ violations: 2, strictViolations: 1, slotsNeeded: 4, slotsFilled: 3 });
    expect(result.violations.map((v) => v.rule).sort()).toEqual(['rest', 'shift-length']);
  });

  it('reports only violations with a shift inside the period', () => {
    const entries = [shift('2026-12-01', '09:00', '10:00'), shift('2026-12-07', '09:00', '10:00')];
    const result = validatePeriod(context(entries), monday);
    expect(result.violations.map((v) => v.dates)).toEqual([['2026-12-07']]);
  });
});

describe('roles and preferences', () => {
  it('matches a null role to anyone and named roles ignoring case', () => {
    expect(roleFits(null, '')).toBe(true);
    expect(roleFits('Chef', 'chef')).toBe(true);
    expect(roleFits('Chef', 'Sous chef')).toBe(false);
  });

  it('counts the minutes of a shift in preferred times once, across midnight', () => {
    const availability = {
      weekly: [
        { weekday: 1, startTime: '20:00', endTime: '02:00', kind: 'preferred' as const },
        { weekday: 1, startTime: '21:00', endTime: '23:00', kind: 'preferred' as const },
        { weekday: 2, startTime: null, endTime: null, kind: 'unavailable' as const },
      ],
      dates: [],
    };
    // Mon 22:00 to Tue 06:00: 22:00–02:00 preferred = 240 minutes.
    expect(
      preferenceMinutes({ shiftDate: '2026-12-07', startTime: '22:00', endTime: '06:00' }, availability),
    ).toBe(240);
    expect(
      preferenceMinutes({ shiftDate: '2026-12-08', startTime: '09:00', endTime: '17:00' }, availability),
    ).toBe(0);
  });
});

describe('the entries a check needs', () => {
  it('spans whole team weeks and reaches far enough for rest and runs', () => {
    const defaults = StaffingSettings.parse({});
    // Wed 9 Dec, weeks from Monday: 7 days back for a 6-day run beats the week start; 7 forward beats Sunday.
    expect(staffingWindow('2026-12-09', '2026-12-09', defaults, 1)).toEqual({
      from: '2026-12-02',
      to: '2026-12-16',
    });
    // No run limit, weeks from Wednesday: 48 h of rest after a shift that started up to 3 days before.
    const noRuns = StaffingSettings.parse({ rules: { maxConsecutiveDays: { value: null, strict: false } } });
    expect(staffingWindow('2026-12-09', '2026-12-10', noRuns, 3)).toEqual({
      from: '2026-12-06',
      to: '2026-12-15',
    });
  });

  it('finds a 48 h rest breach from a shift three days before the period', () => {
    const settings = only({ minRestHours: { value: 48, strict: true } });
    // Sun 20:00 to Mon 10:00, then Wed 08:00: 46 h.
    const entries = [shift('2026-12-06', '20:00', '10:00'), shift('2026-12-09', '08:00', '12:00')];
    const window = staffingWindow('2026-12-09', '2026-12-09', StaffingSettings.parse(settings), 3);
    const loaded = entries.filter((e) => e.shiftDate >= window.from && e.shiftDate <= window.to);
    const result = validatePeriod(context(loaded, { settings, weekStartDay: 3 }), {
      startDate: '2026-12-09',
      endDate: '2026-12-09',
    });
    expect(result.violations.map((v) => v.message)).toEqual([
      'Ana has 46 h between shifts (Mon 10:00 to Wed 08:00); the minimum is 48 h',
    ]);
  });
});
