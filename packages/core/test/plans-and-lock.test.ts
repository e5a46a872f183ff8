import { describe, expect, it } from 'vitest';
import {
  auditHistorySince,
  isSubscriptionTier,
  planAllows,
  planOf,
  scheduleHistoryStart,
} from '../src/plans/plan-limits.ts';
import { isDateLocked, lastReadableDate, readableRange } from '../src/shifts/lock.ts';

const today = '2026-11-25';

describe('planOf and planAllows', () => {
  it('give each tier its own plan and features, Free none of the paid ones', () => {
    expect(planOf('free')).toMatchObject({ label: 'Free', paid: false, ownedTeams: 1 });
    expect(planOf('pro')).toMatchObject({ label: 'Pro', paid: true, ownedTeams: 20 });
    expect(planAllows('free', 'requests')).toBe(false);
    expect(planAllows('pro', 'requests')).toBe(true);
    expect(planAllows('free', 'scheduleNotifications')).toBe(false);
    expect(planAllows('pro', 'attendance')).toBe(true);
    // Staffing rules, validation and the schedule agent (issue 25) are Pro.
    expect(planAllows('free', 'staffingRules')).toBe(false);
    expect(planAllows('pro', 'staffingRules')).toBe(true);
  });

  it('reaches the schedule back 8 weeks on Free and without end on Pro', () => {
    expect(scheduleHistoryStart('free', today)).toBe('2026-09-30');
    expect(scheduleHistoryStart('pro', today)).toBeNull();
  });

  it('shows 7 days of change history on Free and 2 years on Pro', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(auditHistorySince('free', now).toISOString()).toBe('2026-11-18T12:00:00.000Z');
    expect(auditHistorySince('pro', now).toISOString()).toBe('2024-11-25T12:00:00.000Z');
  });
});

describe('the schedule lock', () => {
  const hiding = { lockedUntil: '2026-11-30', hideScheduleAfterLock: true };
  const showing = { lockedUntil: '2026-11-30', hideScheduleAfterLock: false };

  it('locks every date up to and including its date', () => {
    expect(isDateLocked('2026-11-30', '2026-11-30')).toBe(true);
    expect(isDateLocked('2026-12-01', '2026-11-30')).toBe(false);
    expect(isDateLocked('2026-11-01', null)).toBe(false);
  });

  it('hides the days after it from staff only, and only when asked', () => {
    expect(lastReadableDate(hiding, false)).toBe('2026-11-30');
    expect(lastReadableDate(hiding, true)).toBeNull();
    expect(lastReadableDate(showing, false)).toBeNull();
    expect(lastReadableDate({ lockedUntil: null, hideScheduleAfterLock: true }, false)).toBeNull();
  });

  it('gives a viewer the part of a range their plan and the lock let them read', () => {
    const staffOnFree = { tier: 'free' as const, isAdmin: false, lock: hiding, today };
    expect(readableRange(staffOnFree, '2026-09-01', '2026-12-06')).toEqual({
      startDate: '2026-09-30',
      endDate: '2026-11-30',
    });
    expect(readableRange({ ...staffOnFree, isAdmin: true }, '2026-11-24', '2026-12-06')).toEqual({
      startDate: '2026-11-24',
      endDate: '2026-12-06',
    });
    expect(readableRange({ ...staffOnFree, tier: 'pro' }, '2020-01-06', '2020-01-12')).toEqual({
      startDate: '2020-01-06',
      endDate: '2020-01-12',
    });
    // Wholly after the hiding lock, or wholly before the plan's history: nothing.
    expect(readableRange(staffOnFree, '2026-12-01', '2026-12-07')).toBeNull();
    expect(readableRange(staffOnFree, '2026-01-05', '2026-01-11')).toBeNull();
  });
});

describe('isSubscriptionTier', () => {
  it('accepts the tiers and nothing else', () => {
    expect(isSubscriptionTier('free')).toBe(true);
    expect(isSubscriptionTier('pro')).toBe(true);
    expect(isSubscriptionTier('toString')).toBe(false);
    expect(isSubscriptionTier(undefined)).toBe(false);
  });
});
