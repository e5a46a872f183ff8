import { describe, expect, it } from 'vitest';
import { changedFields } from '../src/audit/changes.ts';
import { CreateStaffInput, UpdateStaffInput } from '../src/contracts/staff.ts';
import { CreateWeeklyHoursInput } from '../src/contracts/weekly-hours.ts';
import { adminLimitMessage, ownedTeamsLimitMessage, staffLimitMessage } from '../src/plans/plan-limits.ts';
import { effectiveTier, NO_SUBSCRIPTION } from '../src/plans/subscription.ts';
import { isActiveOn, isCompleteOrder, isFutureDate, matchesStaffSearch } from '../src/staff/staff-rules.ts';
import { contractedHoursOn } from '../src/staff/weekly-hours.ts';

const ann = { fullName: 'Ann Lee', firstName: 'Ann', lastName: 'Lee', role: 'Barista' };

describe('staff search', () => {
  it('matches name parts and role, ignoring case and spaces', () => {
    expect(matchesStaffSearch(ann, 'ann')).toBe(true);
    expect(matchesStaffSearch(ann, 'N LE')).toBe(true);
    expect(matchesStaffSearch(ann, 'barist')).toBe(true);
    expect(matchesStaffSearch(ann, '  ')).toBe(true);
    expect(matchesStaffSearch(ann, 'chef')).toBe(false);
  });

  it('matches the full name, first and last name and role as the staff, schedule and report lists search', () => {
    for (const search of ['ann lee', 'ANN', 'lee', 'bar', '  Barista ', '']) {
      expect(matchesStaffSearch(ann, search), search).toBe(true);
    }
    expect(matchesStaffSearch(ann, 'bob')).toBe(false);
  });
});

describe('leaving dates', () => {
  it('treats the leaving date as the last working day', () => {
    expect(isActiveOn(null, '2026-01-01')).toBe(true);
    expect(isActiveOn('2026-01-31', '2026-01-31')).toBe(true);
    expect(isActiveOn('2026-01-31', '2026-02-01')).toBe(false);
  });
  it('marks only a future date as leaving', () => {
    expect(isFutureDate('2026-11-23', '2026-11-22')).toBe(true);
    expect(isFutureDate('2026-11-22', '2026-11-22')).toBe(false);
    expect(isFutureDate('2026-11-21', '2026-11-22')).toBe(false);
  });
});

describe('display order', () => {
  it('needs every member exactly once', () => {
    expect(isCompleteOrder(['b', 'a', 'c'], ['a', 'b', 'c'])).toBe(true);
    expect(isCompleteOrder(['a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(isCompleteOrder(['a', 'a', 'b'], ['a', 'b', 'c'])).toBe(false);
    expect(isCompleteOrder(['a', 'b', 'x'], ['a', 'b', 'c'])).toBe(false);
  });
});

describe('weekly hours', () => {
  const entries = [
    { hoursPerWeek: 20, effectiveFrom: '2026-06-01' },
    { hoursPerWeek: 37.5, effectiveFrom: '2026-01-05' },
  ];
  it('uses the latest entry starting on or before the date', () => {
    expect(contractedHoursOn(entries, '2026-01-04')).toBeNull();
    expect(contractedHoursOn(entries, '2026-01-05')).toBe(37.5);
    expect(contractedHoursOn(entries, '2026-05-31')).toBe(37.5);
    expect(contractedHoursOn(entries, '2026-06-01')).toBe(20);
    expect(contractedHoursOn([], '2026-06-01')).toBeNull();
  });
  it('accepts 0 to 168 hours in quarter-hour steps', () => {
    const at = (hoursPerWeek: unknown) =>
      CreateWeeklyHoursInput.safeParse({
        staffId: '0b8f3c2e-8d7a-4d0c-9b1e-2f6a5c4d3e21',
        hoursPerWeek,
        effectiveFrom: '2026-01-01',
      }).success;
    expect([0, 0.25, 37.5, 168].map(at)).toEqual([true, true, true, true]);
    expect([-0.25, 168.25, 0.3, '40'].map(at)).toEqual([false, false, false, false]);
  });
});

describe('staff input', () => {
  it('trims, defaults and treats a blank email as none', () => {
    expect(CreateStaffInput.parse({ firstName: ' Ann ', email: '  ' })).toEqual({
      firstName: 'Ann',
      lastName: '',
      role: '',
      email: null,
      isAdmin: false,
    });
    expect(CreateStaffInput.parse({ firstName: 'Ann', email: ' Ann@X.co ' }).email).toBe('ann@x.co');
  });
  it('says what is wrong with an address', () => {
    expect(CreateStaffInput.safeParse({ firstName: 'Ann', email: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid email address',
    );
    expect(UpdateStaffInput.safeParse({ firstName: 'Ann' }).error?.issues[0]?.message).toBe(
      'hash is required',
    );
  });
});

describe('plans', () => {
  it('gives PRO_EMAILS accounts Pro', () => {
    expect(effectiveTier(NO_SUBSCRIPTION, 'VIP@x.co', ['vip@x.co'])).toBe('pro');
    expect(effectiveTier(NO_SUBSCRIPTION, 'a@x.co', ['vip@x.co'])).toBe('free');
    expect(effectiveTier({ ...NO_SUBSCRIPTION, status: 'active' }, 'a@x.co', [])).toBe('pro');
  });
  it('gives every address at a listed @domain Pro, and only at that exact domain', () => {
    expect(effectiveTier(NO_SUBSCRIPTION, 'Ann@Pro.Example', ['@pro.example'])).toBe('pro');
    expect(effectiveTier(NO_SUBSCRIPTION, 'ann@sub.pro.example', ['@pro.example'])).toBe('free');
    expect(effectiveTier(NO_SUBSCRIPTION, 'ann@notpro.example', ['@pro.example'])).toBe('free');
    expect(effectiveTier(NO_SUBSCRIPTION, 'pro.example@x.co', ['@pro.example'])).toBe('free');
  });
  it('names the limit and the plan that lifts it', () => {
    expect(staffLimitMessage('free')).toBe(
      'The Free plan allows up to 100 staff per team. Upgrade to Pro for up to 500.',
    );
    expect(adminLimitMessage('free')).toContain('Upgrade to Pro');
    expect(ownedTeamsLimitMessage('free')).toContain('Upgrade to Pro to create up to 20 teams');
    expect(staffLimitMessage('pro')).not.toContain('Upgrade');
  });
});

describe('audit changes', () => {
  it('keeps only the fields that changed', () => {
    expect(changedFields({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: null })).toEqual({
      oldValues: { b: 'x' },
      newValues: { b: 'y' },
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(changedFields({ a: undefined }, { a: null })).toBeNull();
  });
});
