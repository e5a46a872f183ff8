import { describe, expect, it } from 'vitest';
import { PLAN_COMPARISON, planOf } from '../src/plans/plan-limits.ts';
import {
  applySubscriptionReport,
  type BillingState,
  isSiteUrl,
  NO_SUBSCRIPTION,
  nextRenewal,
  resolveTier,
  type StoredSubscription,
  type SubscriptionReport,
} from '../src/plans/subscription.ts';
import {
  detectRegion,
  formatMonthlyPrice,
  isCurrency,
  REGIONS,
  regionForCurrency,
} from '../src/regions/regions.ts';

const now = new Date('2026-11-24T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
const state = (over: Partial<BillingState>): BillingState => ({ ...NO_SUBSCRIPTION, ...over });

describe('the limits table', () => {
  it('holds the pricing table of spec 2 §2 and the limits of §9', () => {
    expect(planOf('free')).toMatchObject({
      ownedTeams: 1,
      staffPerTeam: 100,
      extraAdminsPerTeam: 0,
      scheduleHistoryWeeks: 8,
      auditReportDays: 7,
      leaveReportMaxDays: 36,
    });
    expect(planOf('pro')).toMatchObject({
      ownedTeams: 20,
      staffPerTeam: 500,
      extraAdminsPerTeam: 10,
      scheduleHistoryWeeks: null,
      auditReportDays: 730,
      leaveReportMaxDays: 366,
    });
    expect(Object.values(planOf('free').features).every((on) => !on)).toBe(true);
    expect(Object.values(planOf('pro').features).every(Boolean)).toBe(true);
    expect(PLAN_COMPARISON.find((r) => r.row === 'Team administrators')).toEqual({
      row: 'Team administrators',
      free: '1',
      pro: '10',
    });
  });
});

describe('tier resolution', () => {
  it('is Free without a subscription, and Pro while one is active', () => {
    expect(resolveTier(NO_SUBSCRIPTION, 'a@x.co', [], now)).toEqual({
      tier: 'free',
      complimentary: false,
      graceEndsAt: null,
    });
    expect(resolveTier(state({ status: 'active', currentPeriodEnd: days(10) }), 'a@x.co', [], now).tier).toBe(
      'pro',
    );
    // A renewal the provider has not reported yet does not end Pro.
    expect(resolveTier(state({ status: 'active', currentPeriodEnd: days(-1) }), 'a@x.co', [], now).tier).toBe(
      'pro',
    );
  });
  it('keeps Pro to the end of a cancelled period and not a moment after', () => {
    const cancelling = state({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: days(3) });
    expect(resolveTier(cancelling, 'a@x.co', [], now).tier).toBe('pro');
    expect(resolveTier(cancelling, 'a@x.co', [], days(3)).tier).toBe('free');
    expect(resolveTier(state({ status: 'cancelled' }), 'a@x.co', [], now).tier).toBe('free');
  });
  it('gives a past-due subscription 7 days of grace from when it fell due', () => {
    const pastDue = state({ status: 'past_due', pastDueSince: days(-6) });
    expect(resolveTier(pastDue, 'a@x.co', [], now)).toEqual({
      tier: 'pro',
      complimentary: false,
      graceEndsAt: days(1),
    });
    expect(resolveTier(state({ status: 'past_due', pastDueSince: days(-7) }), 'a@x.co', [], now).tier).toBe(
      'free',
    );
  });
  it('makes PRO_EMAILS complimentary Pro, a paid subscription taking precedence', () => {
    expect(resolveTier(NO_SUBSCRIPTION, 'VIP@x.co', ['vip@x.co'], now)).toEqual({
      tier: 'pro',
      complimentary: true,
      graceEndsAt: null,
    });
    expect(resolveTier(state({ status: 'active' }), 'vip@x.co', ['vip@x.co'], now).complimentary).toBe(false);
  });
  it('shows the next renewal of a subscription whose reported period has passed', () => {
    expect(nextRenewal(days(5), now)).toEqual(days(5));
    expect(nextRenewal(new Date('2026-10-20T12:00:00Z'), now)).toEqual(new Date('2026-12-20T12:00:00Z'));
  });
});

describe('applying provider reports', () => {
  const stored = (over: Partial<StoredSubscription> = {}): StoredSubscription => ({
    ...NO_SUBSCRIPTION,
    subscriptionId: null,
    currency: null,
    reportedAt: null,
    ...over,
  });
  const report = (over: Partial<SubscriptionReport> = {}): SubscriptionReport => ({
    subscriptionId: 'sub_1',
    status: 'active',
    currentPeriodEnd: days(30),
    cancelAtPeriodEnd: false,
    currency: 'GBP',
    reportedAt: now,
    ...over,
  });

  it('takes the first report, and newer ones of the same subscription', () => {
    const first = applySubscriptionReport(stored(), report())!;
    expect(first).toMatchObject({
      subscriptionId: 'sub_1',
      status: 'active',
      currency: 'GBP',
      reportedAt: now,
    });
    expect(
      applySubscriptionReport(first, report({ cancelAtPeriodEnd: true, reportedAt: days(1) }))!
        .cancelAtPeriodEnd,
    ).toBe(true);
  });
  it('ignores an older report arriving late, and never revives a cancelled subscription', () => {
    const current = stored({
      subscriptionId: 'sub_1',
      status: 'active',
      cancelAtPeriodEnd: true,
      reportedAt: days(1),
    });
    expect(applySubscriptionReport(current, report({ reportedAt: now }))).toBeNull();
    const cancelled = stored({ subscriptionId: 'sub_1', status: 'cancelled', reportedAt: now });
    expect(applySubscriptionReport(cancelled, report({ reportedAt: days(1) }))).toBeNull();
    // A new purchase is a new subscription, and counts.
    expect(
      applySubscriptionReport(cancelled, report({ subscriptionId: 'sub_2', reportedAt: days(1) }))!.status,
    ).toBe('active');
  });
  it('does not let an old subscription ending cancel the live one', () => {
    const live = stored({ subscriptionId: 'sub_2', status: 'active', reportedAt: now });
    expect(
      applySubscriptionReport(
        live,
        report({ subscriptionId: 'sub_1', status: 'cancelled', reportedAt: days(1) }),
      ),
    ).toBeNull();
  });
  it('keeps the date a subscription first fell past due', () => {
    const first = applySubscriptionReport(
      stored({ subscriptionId: 'sub_1', status: 'active' }),
      report({ status: 'past_due' }),
    )!;
    expect(first.pastDueSince).toEqual(now);
    const again = applySubscriptionReport(first, report({ status: 'past_due', reportedAt: days(2) }))!;
    expect(again.pastDueSince).toEqual(now);
    expect(applySubscriptionReport(again, report({ reportedAt: days(3) }))!.pastDueSince).toBeNull();
  });
});

describe('prices and return addresses', () => {
  it('has one price per region and currency', () => {
    expect(formatMonthlyPrice('US')).toBe('$25/mo');
    expect(formatMonthlyPrice('UK')).toBe('£19/mo');
    expect(formatMonthlyPrice('EU')).toBe('€22/mo');
    expect(Object.keys(REGIONS)).toEqual(['US', 'UK', 'EU']);
    expect(regionForCurrency('EUR')).toBe('EU');
    expect(isCurrency('GBP')).toBe(true);
    expect(isCurrency('gbp')).toBe(false);
    expect(isCurrency('toString')).toBe(false);
  });
  it('detects EU time zones, keeps the spec rule for Dublin, and a stored EU choice', () => {
    expect(detectRegion({ timeZone: 'Europe/Berlin' })).toBe('EU');
    expect(detectRegion({ timeZone: 'Europe/Dublin' })).toBe('UK');
    expect(detectRegion({ stored: 'EU', language: 'en-GB' })).toBe('EU');
    expect(detectRegion({ stored: 'constructor' })).toBe('US');
  });
  it('accepts return addresses on the site only', () => {
    const site = 'https://rota.example.com';
    expect(isSiteUrl('https://rota.example.com/subscription?checkout_success=true', site)).toBe(true);
    expect(isSiteUrl('https://rota.example.com.evil.io/x', site)).toBe(false);
    expect(isSiteUrl('http://rota.example.com/x', site)).toBe(false);
    expect(isSiteUrl('javascript:alert(1)', site)).toBe(false);
    expect(isSiteUrl('/subscription', site)).toBe(false);
    expect(isSiteUrl('https://rota.example.com@evil.io/x', site)).toBe(false);
    expect(isSiteUrl('https://rota.example.com', site)).toBe(true);
    expect(isSiteUrl('https://rota.example.com/a b', site)).toBe(false);
  });
});
