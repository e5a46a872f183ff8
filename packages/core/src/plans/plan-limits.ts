import { z } from 'zod';

export const SubscriptionTier = z.enum(['free', 'pro']);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

/** What each plan allows (spec 2 §9). A team's plan is its owner's tier. */
export const PLAN_LIMITS = {
  free: { label: 'Free', ownedTeams: 1, staffPerTeam: 100, extraAdminsPerTeam: 0, scheduleHistoryWeeks: 8 },
  pro: {
    label: 'Pro',
    ownedTeams: 20,
    staffPerTeam: 500,
    extraAdminsPerTeam: 10,
    scheduleHistoryWeeks: null,
  },
} as const satisfies Record<
  SubscriptionTier,
  {
    label: string;
    ownedTeams: number;
    staffPerTeam: number;
    extraAdminsPerTeam: number;
    scheduleHistoryWeeks: number | null;
  }
>;

/** The sentence a refusal carries: which limit, and the plan that lifts it. */
export function ownedTeamsLimitMessage(tier: SubscriptionTier): string {
  const limit = PLAN_LIMITS[tier].ownedTeams;
  return tier === 'free'
    ? `The Free plan includes ${limit} team. Upgrade to Pro to create up to ${PLAN_LIMITS.pro.ownedTeams} teams.`
    : `The Pro plan includes up to ${limit} teams.`;
}

/** An account's tier: its subscription, or Pro when an operator lists its address in PRO_EMAILS. */
export function effectiveTier(
  stored: SubscriptionTier,
  email: string,
  proEmails: readonly string[],
): SubscriptionTier {
  return stored === 'pro' || proEmails.includes(email.toLowerCase()) ? 'pro' : 'free';
}
