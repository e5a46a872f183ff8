import { addDays, startOfWeek } from '../dates/week.ts';
import { type PlanFeature, planAllows, planOf, type SubscriptionTier } from '../plans/plan-limits.ts';

/** The four reports (spec 2 §2 `/reports/{reportId}`), in the order the reports home lists them. */
export const REPORT_IDS = ['audit', 'leave', 'adjustments', 'payroll'] as const;
export type ReportId = (typeof REPORT_IDS)[number];

/** A calendar year, leap or not: the longest range a Pro report covers ("1 year", spec 2 §9). */
export const YEAR_DAYS = 366;

/**
 * The plan feature each report needs, if any (spec 2 §2 pricing table: payroll and adjustments
 * reports are Pro; the audit and leave reports come with every plan).
 */
const REPORT_FEATURE: Record<ReportId, PlanFeature | null> = {
  audit: null,
  leave: null,
  adjustments: 'adjustmentsReport',
  payroll: 'payrollReport',
};

/** Whether a report needs a plan feature (the reports home marks those "Pro"). */
export const reportIsPro = (report: ReportId): boolean => REPORT_FEATURE[report] !== null;

/** Whether a team on `tier` may run a report. */
export function reportAllowed(report: ReportId, tier: SubscriptionTier): boolean {
  const feature = REPORT_FEATURE[report];
  return feature === null || planAllows(tier, feature);
}

export const PRO_REPORT_MESSAGE: Record<'adjustments' | 'payroll', string> = {
  adjustments: 'The adjustments report is part of the Pro plan. Upgrade to Pro to run it.',
  payroll: 'The payroll report is part of the Pro plan. Upgrade to Pro to run it.',
};

/** How far back the audit report reaches on each plan (spec 2 §9 audit retention: 7 days, 2 years). */
export function auditRetentionDays(tier: SubscriptionTier): number {
  return planOf(tier).auditReportDays;
}

/** The longest date range, in days counting both ends, a report covers on a plan. */
export function reportMaxDays(report: Exclude<ReportId, 'audit'>, tier: SubscriptionTier): number {
  return report === 'leave' ? planOf(tier).leaveReportMaxDays : YEAR_DAYS;
}

/** Days from `start` to `end`, counting both (1 for a single day; 0 or less when end is before start). */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Why a report cannot cover `start`–`end` on a plan, naming the limit, or null when it can:
 * end before start, or longer than the plan allows (leave: 36 days Free, 1 year Pro).
 */
export function reportRangeProblem(
  report: Exclude<ReportId, 'audit'>,
  tier: SubscriptionTier,
  start: string,
  end: string,
): string | null {
  if (end < start) return 'The end date must be on or after the start date';
  const max = reportMaxDays(report, tier);
  if (daysInRange(start, end) <= max) return null;
  if (max === YEAR_DAYS) return 'A report can cover at most 1 year. Choose a shorter date range.';
  return `The Free plan's ${report} report covers at most ${max} days. Choose a shorter date range, or upgrade to Pro for up to 1 year.`;
}

/** The date-range presets of every report page. */
export const RANGE_PRESETS = ['this_week', 'last_week', 'this_month', 'last_month'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const RANGE_PRESET_LABELS: Record<RangePreset | 'custom', string> = {
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
};

/** The dates a preset covers from `today`, weeks starting on the team's `weekStartDay` (0 = Sunday). */
export function presetRange(
  preset: RangePreset,
  today: string,
  weekStartDay: number,
): { startDate: string; endDate: string } {
  switch (preset) {
    case 'this_week': {
      const startDate = startOfWeek(today, weekStartDay);
      return { startDate, endDate: addDays(startDate, 6) };
    }
    case 'last_week': {
      const startDate = addDays(startOfWeek(today, weekStartDay), -7);
      return { startDate, endDate: addDays(startDate, 6) };
    }
    case 'this_month': {
      const startDate = `${today.slice(0, 7)}-01`;
      return { startDate, endDate: lastDayOfMonth(startDate) };
    }
    case 'last_month': {
      const endDate = addDays(`${today.slice(0, 7)}-01`, -1);
      return { startDate: `${endDate.slice(0, 7)}-01`, endDate };
    }
  }
}

function lastDayOfMonth(firstDay: string): string {
  const [y, m] = firstDay.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The period a date falls in on a chart over time: its week (from the team's week start) for ranges
 * up to 13 weeks, else its month. Returns a sortable key and a short en-GB label.
 */
export function chartBucket(
  date: string,
  range: { startDate: string; endDate: string },
  weekStartDay: number,
): { key: string; label: string } {
  if (daysInRange(range.startDate, range.endDate) <= 91) {
    const start = startOfWeek(date, weekStartDay);
    return { key: start, label: `w/c ${start.slice(8, 10)}/${start.slice(5, 7)}` };
  }
  const [y, m] = date.split('-') as [string, string];
  const month = new Date(Date.UTC(Number(y), Number(m) - 1, 1)).toLocaleString('en-GB', {
    month: 'short',
    timeZone: 'UTC',
  });
  return { key: `${y}-${m}`, label: `${month} ${y.slice(2)}` };
}
