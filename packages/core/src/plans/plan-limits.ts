import { addDays } from '../dates/week.ts';

// No zod here: the header of every page (signed out too) and the public pages read plans through this
// module, and zod stays out of the first load. The schema of a tier is in contracts/common.ts.
/** The plans a subscription can be on. */
export const SUBSCRIPTION_TIERS = ['free', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

/**
 * What each plan allows (spec 2 §2 pricing table and §9): the one table the server enforces and the
 * pricing page and subscription screen show. A team's plan is its owner's tier. Read through `planOf`
 * and `planAllows` (never by comparing tiers), so that a rule names the limit or feature it is about.
 */
const PLANS = {
  free: {
    label: 'Free',
    paid: false,
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
      staffingRules: false,
      labourCost: false,
    },
  },
  pro: {
    label: 'Pro',
    paid: true,
    ownedTeams: 20,
    staffPerTeam: 500,
    extraAdminsPerTeam: 10,
    scheduleHistoryWeeks: null,
    auditReportDays: 730,
    /** "1 year": a calendar year, leap or not. */
    leaveReportMaxDays: 366,
    features: {
      attendance: true,
      assistant: true,
      requests: true,
      scheduleNotifications: true,
      payrollReport: true,
      adjustmentsReport: true,
      prioritySupport: true,
      staffingRules: true,
      labourCost: true,
    },
  },
} as const satisfies Record<
  SubscriptionTier,
  {
    label: string;
    /** A plan someone pays for (or is given): what the subscription screens and badges show. */
    paid: boolean;
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
  | 'prioritySupport'
  /** Staffing settings (coverage and rules), validate-period and strict rules on hand edits (issue 25). */
  | 'staffingRules'
  /** Pay rates, labour settings and `/labour`: what the rota costs against the budget (issue 43). */
  | 'labourCost';

/** Whether a value (read from a response, say) names a tier. */
export function isSubscriptionTier(value: unknown): value is SubscriptionTier {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

/** One plan's limits and features, as the table holds them. */
export type Plan = (typeof PLANS)[SubscriptionTier];

/** The plan a tier gives: its label, limits and features. */
export function planOf(tier: SubscriptionTier): Plan {
  return PLANS[tier];
}

/** Whether a tier's plan includes a feature (a team's plan is its owner's tier). */
export function planAllows(tier: SubscriptionTier, feature: PlanFeature): boolean {
  return PLANS[tier].features[feature];
}

/** The first date of the schedule a plan may read on `today`, or null when it reaches back without end. */
export function scheduleHistoryStart(tier: SubscriptionTier, today: string): string | null {
  const weeks = PLANS[tier].scheduleHistoryWeeks;
  if (weeks === null) return null;
  return addDays(today, -weeks * DAYS_PER_WEEK);
}

/** The oldest moment of the change history (audit report and shift history) a plan shows at `now`. */
export function auditHistorySince(tier: SubscriptionTier, now: Date): Date {
  return new Date(now.getTime() - PLANS[tier].auditReportDays * DAY_MS);
}

const DAYS_PER_WEEK = 7;
const DAY_MS = 86_400_000;

/** The comparison table of spec 2 §2, row by row, as the pricing page and subscription screen show it. */
export const PLAN_COMPARISON: readonly { row: string; free: string; pro: string }[] = [
  { row: 'Teams', free: String(PLANS.free.ownedTeams), pro: String(PLANS.pro.ownedTeams) },
  {
    row: 'Team administrators',
    free: String(PLANS.free.extraAdminsPerTeam + 1),
    pro: String(PLANS.pro.extraAdminsPerTeam),
  },
  { row: 'Staff', free: String(PLANS.free.staffPerTeam), pro: String(PLANS.pro.staffPerTeam) },
  { row: 'Schedule history', free: `${PLANS.free.scheduleHistoryWeeks} weeks`, pro: 'Unlimited' },
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
  return !PLANS[tier].paid
    ? `The Free plan includes ${PLANS.free.ownedTeams} team. Upgrade to Pro to create up to ${PLANS.pro.ownedTeams} teams.`
    : `The Pro plan includes up to ${PLANS.pro.ownedTeams} teams.`;
}

export function staffLimitMessage(tier: SubscriptionTier): string {
  return !PLANS[tier].paid
    ? `The Free plan allows up to ${PLANS.free.staffPerTeam} staff per team. Upgrade to Pro for up to ${PLANS.pro.staffPerTeam}.`
    : `The Pro plan allows up to ${PLANS.pro.staffPerTeam} staff per team.`;
}

export function adminLimitMessage(tier: SubscriptionTier): string {
  return !PLANS[tier].paid
    ? `The Free plan has no administrators besides the team owner. Upgrade to Pro to add up to ${PLANS.pro.extraAdminsPerTeam} administrators per team.`
    : `The Pro plan allows up to ${PLANS.pro.extraAdminsPerTeam} administrators per team.`;
}

export const STAFFING_RULES_ARE_PRO =
  'Staffing rules and the schedule agent are part of the Pro plan. Upgrade to Pro to set coverage and rules and check the schedule against them.';

/**
 * A Free owner with more teams than the Free plan allows (made while Pro) keeps them readable; only
 * the oldest stays writable until the owner upgrades or deletes the others.
 */
export const TEAM_READ_ONLY_ON_FREE = `This team is read-only on the Free plan, which includes ${PLANS.free.ownedTeams} team. Upgrade to Pro, or delete other teams, to change it again.`;

export const LABOUR_COST_IS_PRO =
  'Labour cost and budgets are part of the Pro plan. Upgrade to Pro to set pay rates and a weekly budget and see what the rota costs.';

export const ASSISTANT_IS_PRO =
  'The schedule assistant is part of the Pro plan. Upgrade to Pro to change the schedule in plain English.';
