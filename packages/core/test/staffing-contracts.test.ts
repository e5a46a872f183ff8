import { describe, expect, it } from 'vitest';
import { Availability } from '../src/contracts/availability.ts';
import {
  DEFAULT_STAFFING_RULES,
  StaffingSettings,
  ValidatePeriodInput,
} from '../src/contracts/schedule-agent.ts';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const slot = (extra: Record<string, unknown> = {}) => ({
  weekday: 1,
  startTime: '07:00',
  endTime: '15:00',
  breakMinutes: 30,
  staffCount: 2,
  role: null,
  ...extra,
});

describe('staffing settings', () => {
  it("takes the issue's example and fills the defaults", () => {
    const parsed = StaffingSettings.parse({ coverage: [slot()] });
    expect(parsed.rules).toEqual(DEFAULT_STAFFING_RULES);
    // Defaults warn and never block: no rule is strict until an administrator chooses it and saves.
    expect(DEFAULT_STAFFING_RULES.minRestHours).toEqual({ value: 11, strict: false });
    expect(Object.values(DEFAULT_STAFFING_RULES).some((rule) => rule.strict)).toBe(false);
    expect(parsed.coverage[0]).toEqual(slot());
    expect(
      StaffingSettings.parse({ coverage: [slot({ startTime: '07:00:00', role: '  ' })] }).coverage[0],
    ).toMatchObject({
      startTime: '07:00',
      role: null,
    });
  });

  it('names the field of each bad value', () => {
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ weekday: 0 })] }))).toEqual([
      ['coverage.0.weekday', 'weekday must be 1 (Monday) to 7 (Sunday)'],
    ]);
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ staffCount: 101 })] }))).toEqual([
      ['coverage.0.staffCount', 'staffCount can be at most 100'],
    ]);
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ startTime: '25:00' })] }))[0]?.[0]).toBe(
      'coverage.0.startTime',
    );
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ breakMinutes: 480 })] }))).toEqual([
      ['coverage.0.breakMinutes', 'The break must be shorter than the slot'],
    ]);
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ role: 'Chef\u0000' })] }))[0]?.[0]).toBe(
      'coverage.0.role',
    );
    expect(issues(StaffingSettings.safeParse({ coverage: [slot({ role: 'x'.repeat(51) })] }))[0]?.[0]).toBe(
      'coverage.0.role',
    );
    expect(
      issues(StaffingSettings.safeParse({ rules: { minRestHours: { value: 49, strict: true } } }))[0]?.[0],
    ).toBe('rules.minRestHours.value');
    expect(
      issues(
        StaffingSettings.safeParse({ rules: { maxConsecutiveDays: { value: 2.5, strict: true } } }),
      )[0]?.[0],
    ).toBe('rules.maxConsecutiveDays.value');
    expect(
      issues(StaffingSettings.safeParse({ rules: { maxWeeklyHours: { value: 40, strict: 'yes' } } }))[0]?.[0],
    ).toBe('rules.maxWeeklyHours.strict');
    expect(
      issues(
        StaffingSettings.safeParse({
          rules: { minShiftHours: { value: 8, strict: false }, maxShiftHours: { value: 6, strict: false } },
        }),
      ),
    ).toEqual([['rules.minShiftHours.value', 'minShiftHours cannot be more than maxShiftHours']]);
  });

  it('turns a rule off with null, and refuses too many or repeated slots', () => {
    expect(
      StaffingSettings.parse({ rules: { maxWeeklyHours: { value: null, strict: true } } }).rules
        .maxWeeklyHours.value,
    ).toBeNull();
    expect(
      issues(
        StaffingSettings.safeParse({
          coverage: Array.from({ length: 201 }, (_, i) => slot({ weekday: (i % 7) + 1, staffCount: 1 })),
        }),
      )[0],
    ).toEqual(['coverage', 'At most 200 coverage slots']);
    expect(
      issues(
        StaffingSettings.safeParse({ coverage: [slot({ role: 'Chef' }), slot({ role: 'chef' })] }),
      )[0]?.[0],
    ).toBe('coverage.1');
  });
});

describe('validate-period input', () => {
  it('takes up to 62 days in order, inside the calendar', () => {
    expect(ValidatePeriodInput.safeParse({ startDate: '2026-12-01', endDate: '2027-01-31' }).success).toBe(
      true,
    );
    expect(issues(ValidatePeriodInput.safeParse({ startDate: '2026-12-01', endDate: '2027-02-01' }))).toEqual(
      [['endDate', 'A period can cover at most 62 days']],
    );
    expect(
      issues(ValidatePeriodInput.safeParse({ startDate: '2026-12-02', endDate: '2026-12-01' }))[0]?.[0],
    ).toBe('endDate');
    expect(
      issues(ValidatePeriodInput.safeParse({ startDate: '3000-01-01', endDate: '3000-01-02' }))[0]?.[0],
    ).toBe('startDate');
  });
});

describe('availability', () => {
  it("takes the issue's example", () => {
    const body = {
      weekly: [{ weekday: 3, startTime: null, endTime: null, kind: 'unavailable' }],
      dates: [{ date: '2026-12-24', startTime: '12:00', endTime: '23:59', kind: 'unavailable' }],
    };
    expect(Availability.parse(body)).toEqual(body);
  });

  it('names the field of each bad value and bounds the lists', () => {
    const entry = { weekday: 1, startTime: null, endTime: null, kind: 'preferred' };
    expect(issues(Availability.safeParse({ weekly: [{ ...entry, startTime: '09:00' }] }))).toEqual([
      ['weekly.0.endTime', 'Give both a start and an end time, or neither for the whole day'],
    ]);
    expect(issues(Availability.safeParse({ weekly: [{ ...entry, kind: 'maybe' }] }))[0]?.[0]).toBe(
      'weekly.0.kind',
    );
    expect(
      issues(
        Availability.safeParse({ dates: [{ ...entry, weekday: undefined, date: '2026-02-30' }] }),
      )[0]?.[0],
    ).toBe('dates.0.date');
    expect(issues(Availability.safeParse({ weekly: Array.from({ length: 101 }, () => entry) }))[0]?.[0]).toBe(
      'weekly',
    );
  });
});
