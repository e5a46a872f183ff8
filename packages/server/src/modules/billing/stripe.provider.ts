import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { SubscriptionReport, SubscriptionStatus } from '@rotaboard/core/plans/subscription';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import { type BillingProvider, ProviderCallError, type ProviderNotice } from './billing.provider.ts';

/** Stripe's subscription statuses as ours; null for a subscription not yet paid for (incomplete). */
function statusOf(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
    case 'paused':
      return 'cancelled';
    default:
      return null;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export const WEBHOOK_SIGNATURE_MISMATCH = 'The webhook signature does not match';

/** Runs one Stripe API call; whatever goes wrong comes out as a ProviderCallError naming the call. */
async function stripeCall<T>(operation: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new ProviderCallError(`Stripe: ${operation}`, err);
  }
}

/**
 * Billing through Stripe's official SDK: Checkout Sessions in subscription mode, Billing Portal
 * sessions, and webhooks verified on the raw body (docs/billing.md has the account set-up).
 */
export function createStripeProvider(config: StripeConfig) {
  const api = config.apiUrl ? new URL(config.apiUrl) : null;
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });

  /** A subscription's own state decides (issue 12): status, period end, cancellation. */
  function reportOf(sub: Stripe.Subscription, reportedAt: Date): SubscriptionReport | null {
    const status = statusOf(sub.status);
    if (!status) return null;
    const item = sub.items?.data?.[0] as
      | (Stripe.SubscriptionItem & { current_period_end?: number })
      | undefined;
    const legacy = (sub as unknown as { current_period_end?: number }).current_period_end;
    const periodEndSeconds = item?.current_period_end ?? legacy ?? null;
    const cancelAt = sub.cancel_at ?? null;
    const endSeconds =
      cancelAt !== null && (periodEndSeconds === null || cancelAt < periodEndSeconds)
        ? cancelAt
        : periodEndSeconds;
    return {
      subscriptionId: sub.id,
      status,
      currentPeriodEnd: endSeconds === null ? null : new Date(endSeconds * 1000),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || cancelAt !== null),
      currency: sub.currency ? sub.currency.toUpperCase() : null,
      reportedAt,
    };
  }

  const provider: BillingProvider & {
    readWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderNotice>;
  } = {
    kind: 'stripe',

    async ensureCustomer(user, existing) {
      if (existing) return existing;
      // The idempotency key makes two quick checkouts share one customer.
      const customer = await stripeCall('create a customer', () =>
        stripe.customers.create(
          { email: user.email, metadata: { userId: user.id } },
          { idempotencyKey: `rotaboard-customer-${user.id}` },
        ),
      );
      return customer.id;
    },

    async checkout({ userId, customerId, currency, successUrl, cancelUrl }) {
      const price = config.prices[currency];
      if (!price) return null;
      const session = await stripeCall('create a checkout session', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: userId,
          line_items: [{ price, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          subscription_data: { metadata: { userId } },
          metadata: { userId },
        }),
      );
      if (!session.url) {
        throw new ProviderCallError(
          'Stripe: create a checkout session',
          new Error(`checkout session ${session.id} has no url`),
        );
      }
      return session.url;
    },

    async portal({ customerId, returnUrl }) {
      const session = await stripeCall('create a billing portal session', () =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return session.url;
    },

    /**
     * Verifies the signature, then says what the event means: a bad signature is a 400 (Stripe does
     * not retry it), a failed look-up of the subscription a ProviderCallError (a 502: Stripe retries).
     */
    async readWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', config.webhookSecret);
      } catch {
        throw new DomainError(ErrorCode.VALIDATION, WEBHOOK_SIGNATURE_MISMATCH);
      }
      const reportedAt = new Date(event.created * 1000);
      const base = { eventId: event.id, type: event.type };
      switch (event.type) {
        case 'checkout.session.completed': {
          const session = event.data.object;
          const subscriptionId = idOf(session.subscription);
          if (session.mode !== 'subscription' || !subscriptionId) {
            return { ...base, userId: null, customerId: null, report: null };
          }
          const sub = await stripeCall('read a subscription', () =>
            stripe.subscriptions.retrieve(subscriptionId),
          );
          return {
            ...base,
            userId: session.client_reference_id ?? sub.metadata?.userId ?? null,
            customerId: idOf(session.customer) ?? idOf(sub.customer),
            report: reportOf(sub, reportedAt),
          };
        }
        case 'customer.subscription.created':
        case 'customer.subscription.updated':
        case 'customer.subscription.deleted': {
          const sub = event.data.object;
          const report = reportOf(sub, reportedAt);
          return {
            ...base,
            userId: sub.metadata?.userId ?? null,
            customerId: idOf(sub.customer),
            report:
              event.type === 'customer.subscription.deleted' && report
                ? { ...report, status: 'cancelled' }
                : report,
          };
        }
        case 'invoice.payment_failed': {
          const invoice = event.data.object as Stripe.Invoice & {
            subscription?: string | { id: string } | null;
          };
          const subscriptionId =
            idOf(invoice.parent?.subscription_details?.subscription ?? null) ?? idOf(invoice.subscription);
          if (!subscriptionId)
            return { ...base, userId: null, customerId: idOf(invoice.customer), report: null };
          const sub = await stripeCall('read a subscription', () =>
            stripe.subscriptions.retrieve(subscriptionId),
          );
          return {
            ...base,
            userId: sub.metadata?.userId ?? null,
            customerId: idOf(sub.customer),
            report: reportOf(sub, reportedAt),
          };
        }
        default:
          return { ...base, userId: null, customerId: null, report: null };
      }
    },
  };
  return provider;
}
export type StripeProvider = ReturnType<typeof createStripeProvider>;
