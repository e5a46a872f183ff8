import type { SubscriptionReport } from '@rotaboard/core/plans/subscription';
import type { Currency } from '@rotaboard/core/regions/regions';

/** What a provider says an event means for one account's subscription. */
export type ProviderNotice = {
  eventId: string;
  type: string;
  /** The account named by the event itself (Stripe: client_reference_id or the subscription's metadata). */
  userId: string | null;
  customerId: string | null;
  /** Null for events that change no subscription (they are still recorded, so a replay is cheap). */
  report: SubscriptionReport | null;
};

/**
 * One interface for taking payments (docs/billing.md): Stripe when STRIPE_SECRET_KEY is set, else the
 * demo provider, whose checkout and portal are pages of ours and where no money moves.
 */
export type BillingProvider = {
  kind: 'stripe' | 'demo';
  /** The customer to reuse for this account, creating it at the provider when there is none. */
  ensureCustomer(user: { id: string; email: string }, existing: string | null): Promise<string>;
  /** Where to send the browser to pay; null when the currency is not offered. */
  checkout(input: {
    userId: string;
    customerId: string;
    currency: Currency;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string | null>;
  /** Where to send the browser to manage the subscription. */
  portal(input: { userId: string; customerId: string; returnUrl: string }): Promise<string>;
};

/**
 * A call to the provider that failed: it could not be reached, answered an error, or answered
 * something unusable. `operation` says what we asked; `cause` keeps the provider's own error for the
 * log (the client gets a sentence, never the provider's details).
 */
export class ProviderCallError extends Error {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(`${operation} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ProviderCallError';
  }
}
