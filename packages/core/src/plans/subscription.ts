import { isListedEmail, type SubscriptionTier } from './plan-limits.ts';

/** A paid subscription's state as the billing provider last reported it (spec 2 §3 Subscription). */
export type SubscriptionStatus = 'active' | 'past_due' | 'cancelled';
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due', 'cancelled'];

/** A failed renewal keeps Pro this long while the provider retries the card (issue 12). */
export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What an account has stored about its subscription; `status` null means it never subscribed. */
export type BillingState = {
  status: SubscriptionStatus | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When the subscription first became past due (kept while it stays so). */
  pastDueSince: Date | null;
};

export const NO_SUBSCRIPTION: BillingState = {
  status: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pastDueSince: null,
};

export type ResolvedTier = {
  tier: SubscriptionTier;
  /** Pro because an operator lists the address in PRO_EMAILS, not because anyone pays. */
  complimentary: boolean;
  /** Set while a past-due subscription is still Pro: when that ends. */
  graceEndsAt: Date | null;
};

/**
 * Whether a paid subscription gives Pro at `now`. Active is Pro, except once a cancellation at the
 * period end has reached that end (a provider's own "deleted" notice may come later, or for the demo
 * provider never). Past due is Pro for PAST_DUE_GRACE_DAYS from when it became so. Cancelled is Free.
 */
export function paidTier(
  state: BillingState,
  now: Date,
): { tier: SubscriptionTier; graceEndsAt: Date | null } {
  switch (state.status) {
    case 'active': {
      const ended =
        state.cancelAtPeriodEnd && state.currentPeriodEnd !== null && now >= state.currentPeriodEnd;
      return { tier: ended ? 'free' : 'pro', graceEndsAt: null };
    }
    case 'past_due': {
      const since = state.pastDueSince ?? now;
      const graceEndsAt = new Date(since.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS);
      return now < graceEndsAt ? { tier: 'pro', graceEndsAt } : { tier: 'free', graceEndsAt: null };
    }
    default:
      return { tier: 'free', graceEndsAt: null };
  }
}

/** An account's tier: its subscription, else Pro when an operator lists it in PRO_EMAILS. */
export function resolveTier(
  state: BillingState,
  email: string,
  proEmails: readonly string[],
  now: Date = new Date(),
): ResolvedTier {
  const paid = paidTier(state, now);
  if (paid.tier === 'pro') return { ...paid, complimentary: false };
  if (isListedEmail(email, proEmails)) return { tier: 'pro', complimentary: true, graceEndsAt: null };
  return { tier: 'free', complimentary: false, graceEndsAt: null };
}

/** Just the tier, where nothing else matters (team access, the user DTO). */
export function effectiveTier(
  state: BillingState,
  email: string,
  proEmails: readonly string[],
  now: Date = new Date(),
): SubscriptionTier {
  return resolveTier(state, email, proEmails, now).tier;
}

/**
 * The renewal date to show for a subscription that renews: its period end, or, when that has passed
 * without the provider reporting the renewal yet, the same day of a later month.
 */
export function nextRenewal(periodEnd: Date, now: Date): Date {
  const next = new Date(periodEnd);
  for (let i = 0; next <= now && i < 1200; i++) next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * Checkout and portal return addresses must be on this site (PUBLIC_URL and below it), so the
 * endpoints cannot be used to bounce a user to somebody else's page. Compared as text after the
 * site's address: what follows must start a path, query or fragment, so neither
 * `https://site.example.evil.io` nor `https://site.example@evil.io` passes; no spaces or backslashes.
 */
export function isSiteUrl(value: string, publicUrl: string): boolean {
  const site = publicUrl.replace(/\/+$/, '').toLowerCase();
  const url = value.toLowerCase();
  if (/[\s\\]/.test(value)) return false;
  return url === site || (['/', '?', '#'].includes(url.charAt(site.length)) && url.startsWith(site));
}

/** What an account stores about its subscription, including which one and how recent the report. */
export type StoredSubscription = BillingState & {
  subscriptionId: string | null;
  currency: string | null;
  /** When the provider produced the stored state. */
  reportedAt: Date | null;
};

/** A provider's report of one subscription's state (a Stripe webhook, or the demo provider's Pay). */
export type SubscriptionReport = {
  subscriptionId: string;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  currency: string | null;
  reportedAt: Date;
};

/**
 * The stored subscription after a report, or null when the report must change nothing. Providers
 * deliver notices late, twice and out of order, so the report's own state decides, not its arrival:
 * an older report of the same subscription is ignored, a cancelled subscription never comes back (a
 * new purchase is a new subscription), and the end of an old subscription does not cancel a newer
 * live one. Past due keeps the date it started, for the grace period.
 */
export function applySubscriptionReport(
  stored: StoredSubscription,
  report: SubscriptionReport,
): StoredSubscription | null {
  const same = stored.subscriptionId === report.subscriptionId;
  if (same && stored.reportedAt && report.reportedAt < stored.reportedAt) return null;
  if (same && stored.status === 'cancelled' && report.status !== 'cancelled') return null;
  if (!same && report.status === 'cancelled' && stored.subscriptionId && stored.status !== 'cancelled') {
    return null;
  }
  const pastDueSince =
    report.status !== 'past_due'
      ? null
      : same && stored.status === 'past_due' && stored.pastDueSince
        ? stored.pastDueSince
        : report.reportedAt;
  return {
    subscriptionId: report.subscriptionId,
    status: report.status,
    currentPeriodEnd: report.currentPeriodEnd,
    cancelAtPeriodEnd: report.status === 'cancelled' ? false : report.cancelAtPeriodEnd,
    pastDueSince,
    currency: report.currency ?? stored.currency,
    reportedAt: report.reportedAt,
  };
}
