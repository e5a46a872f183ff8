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

/**
 * An account's tier: its subscription, or Pro when an operator lists it in PRO_EMAILS. An entry is
 * an address, or `@domain` for every address at that domain (a company running its own instance,
 * or a test suite that signs up new accounts on each run).
 */
export function effectiveTier(
  stored: SubscriptionTier,
  email: string,
  proEmails: readonly string[],
): SubscriptionTier {
  return stored === 'pro' || isListedEmail(email, proEmails) ? 'pro' : 'free';
}

/** Whether `email` is in a list of addresses and `@domain` entries (entries already lower case). */
export function isListedEmail(email: string, list: readonly string[]): boolean {
  const address = email.toLowerCase();
  const domain = address.slice(address.lastIndexOf('@'));
  return list.some((entry) => (entry.startsWith('@') ? entry === domain : entry === address));
}

// The sentences a refusal carries: which limit, and the plan that lifts it.

export function ownedTeamsLimitMessage(tier: SubscriptionTier): string {
  return tier === 'free'
    ? `The Free plan includes ${PLAN_LIMITS.free.ownedTeams} team. Upgrade to Pro to create up to ${PLAN_LIMITS.pro.ownedTeams} teams.`
    : `The Pro plan includes up to ${PLAN_LIMITS.pro.ownedTeams} teams.`;
}

export function staffLimitMessage(tier: SubscriptionTier): string {
  return tier === 'free'
    ? `The Free plan allows up to ${PLAN_LIMITS.free.staffPerTeam} staff per team. Upgrade to Pro for up to ${PLAN_LIMITS.pro.staffPerTeam}.`
    : `The Pro plan allows up to ${PLAN_LIMITS.pro.staffPerTeam} staff per team.`;
}

export function adminLimitMessage(tier: SubscriptionTier): string {
  return tier === 'free'
    ? `The Free plan has no administrators besides the team owner. Upgrade to Pro to add up to ${PLAN_LIMITS.pro.extraAdminsPerTeam} administrators per team.`
    : `The Pro plan allows up to ${PLAN_LIMITS.pro.extraAdminsPerTeam} administrators per team.`;
}
