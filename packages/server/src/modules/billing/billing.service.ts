import type {
  CheckoutInput,
  DemoCheckoutDto,
  DemoPortalDto,
  PortalInput,
  RedirectResponse,
  SubscriptionDto,
} from '@rotaboard/core/contracts/subscriptions';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import {
  applySubscriptionReport,
  isSiteUrl,
  nextRenewal,
  resolveTier,
  type StoredSubscription,
} from '@rotaboard/core/plans/subscription';
import { type Currency, isCurrency, REGIONS, regionForCurrency } from '@rotaboard/core/regions/regions';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import type { BillingProvider, ProviderNotice } from './billing.provider.ts';
import { createBillingRepository } from './billing.repository.ts';
import { demoId } from './demo.provider.ts';

export const ALREADY_PRO = 'You already have Pro. Use Manage Subscription to change or cancel it.';
export const COMPLIMENTARY_PRO = 'Your account has Pro on the house: there is nothing to pay or manage.';
export const NOTHING_TO_MANAGE = 'There is no subscription to manage yet. Upgrade to Pro first.';
export const NOT_ON_SITE = 'Return addresses must be pages of this site';
export const PROVIDER_FAILED = 'The payment provider could not be reached. Try again in a few minutes.';
const DEMO_ONLY = 'This page belongs to the demo payment provider, which is not in use';

/** The subscription as the client sees it (GET /api/subscriptions/current). */
export function toSubscriptionDto(
  user: UserRow,
  proEmails: readonly string[],
  provider: BillingProvider['kind'],
  now: Date = new Date(),
): SubscriptionDto {
  const resolved = resolveTier(billingStateOf(user), user.email, proEmails, now);
  const end = user.billingPeriodEnd;
  const renews = user.billingStatus === 'active' && !user.billingCancelAtPeriodEnd;
  return {
    tier: resolved.tier,
    status: user.billingStatus ?? 'none',
    currentPeriodEnd: end ? (renews ? nextRenewal(end, now) : end).toISOString() : null,
    cancelAtPeriodEnd: user.billingCancelAtPeriodEnd,
    currency: user.billingCurrency,
    complimentary: resolved.complimentary,
    graceEndsAt: resolved.graceEndsAt?.toISOString() ?? null,
    canManage: Boolean(user.billingSubscriptionId) && user.billingProvider === provider,
    provider,
  };
}

const storedOf = (user: UserRow): StoredSubscription => ({
  ...billingStateOf(user),
  subscriptionId: user.billingSubscriptionId,
  currency: user.billingCurrency,
  reportedAt: user.billingEventAt,
});

/** Where a failed provider call is written down (Fastify's logger). */
export type ErrorLog = { error(details: object, message: string): void };

/** Plans and billing (spec 2 §2 Subscription screen, §7 /api/subscriptions, issue 12). */
export function createBillingService(deps: {
  db: Db;
  provider: BillingProvider;
  publicUrl: string;
  proEmails: readonly string[];
  log: ErrorLog;
}) {
  const { db, provider, publicUrl, proEmails, log } = deps;

  /**
   * Calls the provider. A failure is logged with its cause (what we asked and what the provider or the
   * network said) and answered 502 with a sentence: the person can try again, the operator can see why.
   */
  async function callProvider<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof DomainError) throw err;
      log.error({ err, provider: provider.kind }, 'billing: a call to the payment provider failed');
      throw new DomainError(ErrorCode.BILLING_FAILED, PROVIDER_FAILED);
    }
  }

  function requireSiteUrl(url: string, label: string) {
    if (!isSiteUrl(url, publicUrl)) throw new DomainError(ErrorCode.VALIDATION, `${NOT_ON_SITE} (${label})`);
  }

  /**
   * Applies a provider's notice to its account: the one path for Stripe webhooks and the demo
   * provider's Pay, Cancel and Resume. The event id is recorded first, so a replay changes nothing;
   * the report's own state decides (core applySubscriptionReport), so the order of arrival does not.
   */
  async function applyNotice(notice: ProviderNotice, tx: Db): Promise<'applied' | 'ignored' | 'duplicate'> {
    const repo = createBillingRepository(tx);
    const byCustomer = notice.customerId ? await repo.findUserIdByCustomer(notice.customerId) : null;
    const userId = byCustomer ?? notice.userId;
    const user = userId ? await repo.lockUser(userId) : null;
    if (!(await repo.recordEvent(notice.eventId, notice.type, user?.id ?? null))) return 'duplicate';
    if (!user || !notice.report) return 'ignored';
    if (notice.customerId && user.billingCustomerId !== notice.customerId) {
      await repo.setCustomer(user.id, provider.kind, notice.customerId);
    }
    const next = applySubscriptionReport(storedOf(user), notice.report);
    if (!next) return 'ignored';
    await repo.setSubscription(user.id, {
      billingProvider: provider.kind,
      billingSubscriptionId: next.subscriptionId,
      billingStatus: next.status,
      billingCurrency: next.currency,
      billingPeriodEnd: next.currentPeriodEnd,
      billingCancelAtPeriodEnd: next.cancelAtPeriodEnd,
      billingPastDueSince: next.pastDueSince,
      billingEventAt: next.reportedAt,
    });
    return 'applied';
  }

  async function freshUser(tx: Db, userId: string): Promise<UserRow> {
    const user = await createBillingRepository(tx).lockUser(userId);
    if (!user) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please log in');
    return user;
  }

  function requireDemo() {
    if (provider.kind !== 'demo') throw new DomainError(ErrorCode.NOT_FOUND, DEMO_ONLY);
  }

  async function demoPortalDto(tx: Db, user: UserRow, sessionId: string): Promise<DemoPortalDto> {
    const session = await createBillingRepository(tx).findDemoSession(sessionId, user.id, 'portal');
    if (!session) throw new DomainError(ErrorCode.NOT_FOUND, 'This billing page has expired or is not yours');
    const currency = user.billingCurrency;
    const region = currency && isCurrency(currency) ? REGIONS[regionForCurrency(currency)] : null;
    return {
      sessionId,
      email: user.email,
      returnUrl: session.returnUrl,
      subscription: toSubscriptionDto(user, proEmails, provider.kind),
      monthlyPrice: region?.monthlyPrice ?? null,
      symbol: region?.symbol ?? null,
    };
  }

  return {
    /**
     * A provider's webhook: `read` verifies and interprets it (which may call the provider back), then
     * the notice is applied. A failed call while reading is a 502, so the provider sends it again.
     */
    async receiveWebhook(read: () => Promise<ProviderNotice>) {
      const notice = await callProvider(read);
      const outcome = await db.transaction((tx) => applyNotice(notice, tx));
      return { notice, outcome };
    },

    async current(user: UserRow): Promise<SubscriptionDto> {
      return toSubscriptionDto(user, proEmails, provider.kind);
    },

    async checkout(sessionUser: UserRow, input: CheckoutInput): Promise<RedirectResponse> {
      requireSiteUrl(input.successUrl, 'successUrl');
      requireSiteUrl(input.cancelUrl, 'cancelUrl');
      const currency = input.currency as Currency;
      const user = await db.transaction(async (tx) => {
        const row = await freshUser(tx, sessionUser.id);
        const resolved = resolveTier(billingStateOf(row), row.email, proEmails);
        if (planOf(resolved.tier).paid) {
          throw new DomainError(ErrorCode.CONFLICT, resolved.complimentary ? COMPLIMENTARY_PRO : ALREADY_PRO);
        }
        return row;
      });
      const existing = user.billingProvider === provider.kind ? user.billingCustomerId : null;
      const customerId = await callProvider(() => provider.ensureCustomer(user, existing));
      if (customerId !== existing) {
        await createBillingRepository(db).setCustomer(user.id, provider.kind, customerId);
      }
      const url = await callProvider(() =>
        provider.checkout({
          userId: user.id,
          customerId,
          currency,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
        }),
      );
      if (!url) throw new DomainError(ErrorCode.VALIDATION, `Pro cannot be bought in ${currency} here yet`);
      return { url };
    },

    async portal(user: UserRow, input: PortalInput): Promise<RedirectResponse> {
      requireSiteUrl(input.returnUrl, 'returnUrl');
      if (!user.billingSubscriptionId || !user.billingCustomerId || user.billingProvider !== provider.kind) {
        const resolved = resolveTier(billingStateOf(user), user.email, proEmails);
        throw new DomainError(
          ErrorCode.CONFLICT,
          resolved.complimentary ? COMPLIMENTARY_PRO : NOTHING_TO_MANAGE,
        );
      }
      const customerId = user.billingCustomerId;
      return {
        url: await callProvider(() =>
          provider.portal({ userId: user.id, customerId, returnUrl: input.returnUrl }),
        ),
      };
    },

    /** The demo checkout page's contents. */
    async demoCheckout(user: UserRow, sessionId: string): Promise<DemoCheckoutDto> {
      requireDemo();
      const session = await createBillingRepository(db).findDemoSession(sessionId, user.id, 'checkout');
      if (!session?.currency || !isCurrency(session.currency)) {
        throw new DomainError(ErrorCode.NOT_FOUND, 'This checkout has expired or is not yours');
      }
      const region = REGIONS[regionForCurrency(session.currency)];
      return {
        sessionId,
        email: user.email,
        plan: 'Pro',
        currency: region.currency,
        symbol: region.symbol,
        monthlyPrice: region.monthlyPrice,
        cancelUrl: session.returnUrl,
        state: session.completedAt ? 'complete' : session.expiresAt <= new Date() ? 'expired' : 'open',
      };
    },

    /** Pay on the demo checkout: the subscription starts now for a month, as a webhook would say. */
    async demoPay(sessionUser: UserRow, sessionId: string): Promise<RedirectResponse> {
      requireDemo();
      return db.transaction(async (tx) => {
        const repo = createBillingRepository(tx);
        const user = await freshUser(tx, sessionUser.id);
        const session = await repo.findDemoSession(sessionId, user.id, 'checkout');
        if (!session?.successUrl)
          throw new DomainError(ErrorCode.NOT_FOUND, 'This checkout has expired or is not yours');
        if (planOf(resolveTier(billingStateOf(user), user.email, proEmails).tier).paid) {
          throw new DomainError(ErrorCode.CONFLICT, ALREADY_PRO);
        }
        const now = new Date();
        if (!(await repo.completeDemoSession(sessionId, now))) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            session.completedAt
              ? 'This checkout is already paid'
              : 'This checkout has expired. Start again from the subscription page.',
          );
        }
        const periodEnd = new Date(now);
        periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
        await applyNotice(
          {
            eventId: demoId('evt'),
            type: 'checkout.session.completed',
            userId: user.id,
            customerId: user.billingCustomerId,
            report: {
              subscriptionId: demoId('sub'),
              status: 'active',
              currentPeriodEnd: periodEnd,
              cancelAtPeriodEnd: false,
              currency: session.currency,
              reportedAt: now,
            },
          },
          tx,
        );
        return { url: session.successUrl };
      });
    },

    async demoPortal(user: UserRow, sessionId: string): Promise<DemoPortalDto> {
      requireDemo();
      return demoPortalDto(db, user, sessionId);
    },

    /** Cancel at the period end, or resume, from the demo portal: the same path as a webhook. */
    async demoSetCancelAtPeriodEnd(
      sessionUser: UserRow,
      sessionId: string,
      cancel: boolean,
    ): Promise<DemoPortalDto> {
      requireDemo();
      return db.transaction(async (tx) => {
        const user = await freshUser(tx, sessionUser.id);
        await demoPortalDto(tx, user, sessionId);
        const now = new Date();
        if (
          !user.billingSubscriptionId ||
          user.billingStatus === 'cancelled' ||
          user.billingStatus === null
        ) {
          throw new DomainError(ErrorCode.CONFLICT, NOTHING_TO_MANAGE);
        }
        if (
          !cancel &&
          user.billingPeriodEnd &&
          user.billingCancelAtPeriodEnd &&
          user.billingPeriodEnd <= now
        ) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            'This subscription has ended. Upgrade to Pro again to resume.',
          );
        }
        const periodEnd = user.billingPeriodEnd ? nextRenewal(user.billingPeriodEnd, now) : null;
        await applyNotice(
          {
            eventId: demoId('evt'),
            type: 'customer.subscription.updated',
            userId: user.id,
            customerId: user.billingCustomerId,
            report: {
              subscriptionId: user.billingSubscriptionId,
              status: user.billingStatus,
              currentPeriodEnd: periodEnd,
              cancelAtPeriodEnd: cancel,
              currency: user.billingCurrency,
              reportedAt: now,
            },
          },
          tx,
        );
        return demoPortalDto(tx, await freshUser(tx, user.id), sessionId);
      });
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
