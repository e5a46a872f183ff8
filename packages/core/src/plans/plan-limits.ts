import { z } from 'zod';

// Pure: the public pages import this module for its tables and must not pull zod in with it.
export const SubscriptionTier = /* @__PURE__ */ z.enum(['free', 'pro']);
export type SubscriptionTier = z.infer<typeof SubscriptionTier>;

/**
 * What each plan allows (spec 2 §2 pricing table and §9): the one table the server enforces and the
 * pricing page and subscription screen show. A team's plan is its owner's tier.
 */
export const PLAN_LIMITS = {
  free: {
    label: 'Free',
    ownedTeams: 1,
    staffPerTeam: 100,
    /** Administrators besides the owner: the pricing table's "1" is the owner. */
    extraAdminsPerTeam: 0,
    scheduleHistoryWeeks: 8,
    auditReportDays: 7,
    leaveReportMaxDays: 36,
    features: {
      attendance: false,
      assistant: false,
      requests: false,
      scheduleNotifications: false,
      payrollReport: false,
      adjustmentsReport: false,
      prioritySupport: false,
    },
  },
  pro: {
    label: 'Pro',
    ownedTeams: 20,
    staffPerTeam: 500,
    extraAdminsPerTeam: 10,
    scheduleHistoryWeeks: null,
    auditReportDays: 730,
    leaveReportMaxDays: 365,
    features: {
      attendance: true,
      assistant: true,
      requests: true,
      scheduleNotifications: true,
      payrollReport: true,
      adjustmentsReport: true,
      prioritySupport: true,
    },
  },
} as const satisfies Record<
  SubscriptionTier,
  {
    label: string;
    ownedTeams: number;
    staffPerTeam: number;
    extraAdminsPerTeam: number;
    scheduleHistoryWeeks: number | null;
    auditReportDays: number;
    leaveReportMaxDays: number;
    features: Record<PlanFeature, boolean>;
  }
>;

export type PlanFeature =
  | 'attendance'
  | 'assistant'
  | 'requests'
  | 'scheduleNotifications'
  | 'payrollReport'
  | 'adjustmentsReport'
  | 'prioritySupport';

/** The comparison table of spec 2 §2, row by row, as the pricing page and subscription screen show it. */
export const PLAN_COMPARISON: readonly { row: string; free: string; pro: string }[] = [
  { row: 'Teams', free: String(PLAN_LIMITS.free.ownedTeams), pro: String(PLAN_LIMITS.pro.ownedTeams) },
  {
    row: 'Team administrators',
    free: String(PLAN_LIMITS.free.extraAdminsPerTeam + 1),
    pro: String(PLAN_LIMITS.pro.extraAdminsPerTeam),
  },
  { row: 'Staff', free: String(PLAN_LIMITS.free.staffPerTeam), pro: String(PLAN_LIMITS.pro.staffPerTeam) },
  { row: 'Schedule history', free: `${PLAN_LIMITS.free.scheduleHistoryWeeks} weeks`, pro: 'Unlimited' },
  { row: 'Scheduling tools, staff view, schedule lock', free: 'Yes', pro: 'Yes' },
  { row: 'Time and attendance', free: 'No', pro: 'Yes' },
  { row: 'Schedule assistant', free: 'No', pro: 'Yes' },
  { row: 'Time-off requests', free: 'No', pro: 'Yes' },
  { row: 'Schedule notifications', free: 'No', pro: 'Yes' },
  { row: 'Payroll and adjustments reports', free: 'No', pro: 'Yes' },
  { row: 'Priority support', free: 'No', pro: 'Yes' },
  { row: 'Audit report', free: '7 days', pro: '2 years' },
  { row: 'Leave report maximum range', free: '36 days', pro: '1 year' },
];

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

/**
 * A Free owner with more teams than the Free plan allows (made while Pro) keeps them readable; only
 * the oldest stays writable until the owner upgrades or deletes the others.
 */
export const TEAM_READ_ONLY_ON_FREE = `This team is read-only on the Free plan, which includes ${PLAN_LIMITS.free.ownedTeams} team. Upgrade to Pro, or delete other teams, to change it again.`;
