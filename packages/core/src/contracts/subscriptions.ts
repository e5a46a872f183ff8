import { z } from 'zod';
import { CURRENCIES } from '../regions/regions.ts';

/** Return addresses are bounded like any text we keep; whether they are on the site is checked by isSiteUrl. */
const ReturnUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} can be at most 2000 characters`);

export const Currency = z.enum(CURRENCIES as [string, ...string[]], {
  error: `Currency must be one of ${CURRENCIES.join(', ')}`,
});

/** GET /api/subscriptions/current (spec 2 §7, issue 12). */
export const SubscriptionDto = z.object({
  tier: z.enum(['free', 'pro']),
  /** 'none' for an account that never subscribed. */
  status: z.enum(['none', 'active', 'past_due', 'cancelled']),
  /** When the paid period ends: the renewal date, or the last day of Pro when cancelling. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  currency: z.string().nullable(),
  /** Pro through PRO_EMAILS: nothing to pay or manage. */
  complimentary: z.boolean(),
  /** Set while a failed renewal still keeps Pro (the 7-day grace period). */
  graceEndsAt: z.string().nullable(),
  /** Whether there is a subscription to manage in the billing portal. */
  canManage: z.boolean(),
  /** 'stripe' or 'demo' (no money moves). */
  provider: z.enum(['stripe', 'demo']),
});
export type SubscriptionDto = z.infer<typeof SubscriptionDto>;

export const CheckoutInput = z.object({
  successUrl: ReturnUrl('successUrl'),
  cancelUrl: ReturnUrl('cancelUrl'),
  currency: Currency,
});
export type CheckoutInput = z.infer<typeof CheckoutInput>;

export const PortalInput = z.object({ returnUrl: ReturnUrl('returnUrl') });
export type PortalInput = z.infer<typeof PortalInput>;

export const RedirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponse>;

/** The demo provider's own checkout and portal pages (no money moves). */
export const DemoSessionParams = z.object({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, 'Unknown session'),
});

export const DemoCheckoutDto = z.object({
  sessionId: z.string(),
  email: z.string(),
  plan: z.literal('Pro'),
  currency: z.string(),
  symbol: z.string(),
  monthlyPrice: z.number(),
  cancelUrl: z.string(),
  /** Already paid or expired: the page says so instead of offering Pay. */
  state: z.enum(['open', 'complete', 'expired']),
});
export type DemoCheckoutDto = z.infer<typeof DemoCheckoutDto>;

export const DemoPortalDto = z.object({
  sessionId: z.string(),
  email: z.string(),
  returnUrl: z.string(),
  subscription: SubscriptionDto,
  monthlyPrice: z.number().nullable(),
  symbol: z.string().nullable(),
});
export type DemoPortalDto = z.infer<typeof DemoPortalDto>;
