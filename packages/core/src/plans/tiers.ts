/**
 * The subscription tiers and which are paid for: the smallest part of the plan rules, in a module of
 * its own so the public pages' first load (which only needs to tell a paying visitor from a free one)
 * does not carry the whole plan table. The plans themselves are in plan-limits.ts, which builds on this.
 */
export const SUBSCRIPTION_TIERS = ['free', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

const PAID: Record<SubscriptionTier, boolean> = { free: false, pro: true };

/** Whether a value (read from a response, say) names a tier. */
export function isSubscriptionTier(value: unknown): value is SubscriptionTier {
  return typeof value === 'string' && Object.hasOwn(PAID, value);
}

/** Whether a tier is bought (Pro) rather than free. */
export function isPaidTier(tier: SubscriptionTier): boolean {
  return PAID[tier];
}
