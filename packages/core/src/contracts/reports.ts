import { z } from 'zod';
import { AUDIT_DOMAINS } from '../audit/display.ts';
import { MAX_PAGE_OFFSET } from '../input/bounds.ts';
import { ADJUSTMENT_REASONS, type AdjustmentReason } from '../shifts/adjustments.ts';
import { IsoDate, Uuid } from './common.ts';

/** The page size of the audit report (spec 2 §9). */
export const AUDIT_PAGE_SIZE = 50;
/** At most this many people in a staff filter: the Pro plan's staff per team. */
export const MAX_STAFF_FILTER = 500;

const REASON_KEYS = Object.keys(ADJUSTMENT_REASONS) as [AdjustmentReason, ...AdjustmentReason[]];

/** `true`/`false` (also 1/0) in a query string; absent is false. */
const QueryFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A comma list in a query string, each item checked by `item`; empty means none given. */
function commaList<T extends z.ZodType<string, string>>(item: T, max: number, label: string) {
  return z
    .string()
    .max(max * 40, `${label} lists too many values`)
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(item).max(max, `${label} lists too many values`));
}

/** `?format=csv` asks for the CSV file, as `Accept: text/csv` does. */
const Format = z.enum(['json', 'csv'], { error: 'format must be json or csv' }).optional();

/** GET …/reports/audit (spec 2 §7): newest first, 50 a page, filtered by domain, actor and staff. */
export const AuditReportQuery = z.object({
  offset: z.coerce
    .number({ error: 'offset must be a whole number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(MAX_PAGE_OFFSET, `offset must be at most ${MAX_PAGE_OFFSET}`)
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be 1 to 100' })
    .int('limit must be 1 to 100')
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(AUDIT_PAGE_SIZE),
  /** With currentDate: only entries made on or before that day (UTC). */
  showUpToDate: QueryFlag,
  currentDate: IsoDate.optional(),
  domain: z.enum(AUDIT_DOMAINS, { error: `domain must be one of ${AUDIT_DOMAINS.join(', ')}` }).optional(),
  /** The user who made the change. */
  actorId: Uuid.optional(),
  /** Entries about this member of staff: their record, their shifts, their requests. */
  staffId: Uuid.optional(),
  format: Format,
});
export type AuditReportQuery = z.output<typeof AuditReportQuery>;

/** The date range and grouping every other report takes (spec 2 §7). */
export const ReportRangeQuery = z.object({
  startDate: IsoDate,
  endDate: IsoDate,
  groupByStaff: QueryFlag,
  /** Only these members of staff (a comma list of ids); all when absent. */
  staffIds: commaList(Uuid, MAX_STAFF_FILTER, 'staffIds'),
  format: Format,
});
export type ReportRangeQuery = z.output<typeof ReportRangeQuery>;

export const AdjustmentsReportQuery = ReportRangeQuery.extend({
  /** A comma list of the §3 reason keys; all when absent. */
  reasons: commaList(
    z.enum(REASON_KEYS, { error: `reasons must be of ${REASON_KEYS.join(', ')}` }),
    REASON_KEYS.length * 2,
    'reasons',
  ),
});
export type AdjustmentsReportQuery = z.output<typeof AdjustmentsReportQuery>;

const ReasonMinutes = z.object(
  Object.fromEntries(REASON_KEYS.map((r) => [r, z.number()])) as Record<AdjustmentReason, z.ZodNumber>,
);

export const AuditReportRow = z.object({
  auditId: z.uuid(),
  changedAt: z.string(),
  action: z.string(),
  domain: z.enum(AUDIT_DOMAINS),
  /** What changed, in words: the staff member's name, the shift's date and person, the team. */
  subject: z.string(),
  subjectId: z.uuid(),
  actorId: z.uuid().nullable(),
  /** 'Unknown' when the account is gone. */
  actorName: z.string(),
  oldValues: z.record(z.string(), z.unknown()).nullable(),
  newValues: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditReportRow = z.infer<typeof AuditReportRow>;

export const AuditReportResponse = z.object({
  entries: z.array(AuditReportRow),
  totalCount: z.number().int(),
  hasMore: z.boolean(),
  /** How many days back the team's plan shows (7 Free, 730 Pro). */
  retentionDays: z.number().int(),
  isPro: z.boolean(),
  /** Everyone who changed something within the retention window, for the actor filter. */
  actors: z.array(z.object({ actorId: z.uuid(), name: z.string() })),
});
export type AuditReportResponse = z.infer<typeof AuditReportResponse>;

const Range = { startDate: z.string(), endDate: z.string(), groupByStaff: z.boolean() };
const Person = { staffId: z.uuid(), staffName: z.string() };

export const LeaveReportResponse = z.object({
  ...Range,
  /** Each time-off entry; empty when grouped by staff. */
  entries: z.array(
    z.object({
      ...Person,
      shiftId: z.uuid(),
      date: z.string(),
      kind: z.enum(['exact', 'hours', 'days']),
      minutes: z.number().nullable(),
      days: z.number().nullable(),
    }),
  ),
  people: z.array(z.object({ ...Person, entries: z.number(), minutes: z.number(), days: z.number() })),
  totals: z.object({ entries: z.number(), minutes: z.number(), days: z.number() }),
});
export type LeaveReportResponse = z.infer<typeof LeaveReportResponse>;

export const AdjustmentsReportResponse = z.object({
  ...Range,
  reasons: z.array(z.enum(REASON_KEYS)),
  entries: z.array(
    z.object({
      ...Person,
      shiftId: z.uuid(),
      date: z.string(),
      reason: z.enum(REASON_KEYS),
      minutes: z.number(),
      comment: z.string(),
    }),
  ),
  people: z.array(z.object({ ...Person, count: z.number(), minutes: z.number(), byReason: ReasonMinutes })),
  totals: z.object({ count: z.number(), minutes: z.number(), byReason: ReasonMinutes }),
});
export type AdjustmentsReportResponse = z.infer<typeof AdjustmentsReportResponse>;

export const AdjustmentReasonsResponse = z.object({
  reasons: z.array(z.object({ key: z.enum(REASON_KEYS), label: z.string() })),
});
export type AdjustmentReasonsResponse = z.infer<typeof AdjustmentReasonsResponse>;

const PayrollAmounts = {
  shifts: z.number(),
  scheduledMinutes: z.number(),
  breakMinutes: z.number(),
  adjustmentMinutes: z.number(),
  adjustments: ReasonMinutes,
  workedMinutes: z.number(),
  timeOffMinutes: z.number(),
  timeOffDays: z.number(),
  /**
   * What the shifts cost, in integer minor units of `currency` (issue 43, docs/labour-cost.md): the
   * same figures as GET …/labour. Null when the team's plan has no labour cost.
   */
  costMinor: z.number().int().nullable(),
};

export const PayrollReportResponse = z.object({
  ...Range,
  /** The team's currency (ISO 4217), which `costMinor` counts minor units of. */
  currency: z.string(),
  /** Per person and day; empty when grouped by staff. */
  days: z.array(
    z.object({
      ...Person,
      date: z.string(),
      ...PayrollAmounts,
      /**
       * Where the day's worked minutes come from (issue 44, docs/time-clock.md): `timesheet` when an
       * approved timesheet stands in for a shift of it, or is a day of its own; else `schedule`.
       */
      source: z.enum(['timesheet', 'schedule']),
    }),
  ),
  people: z.array(
    z.object({
      ...Person,
      ...PayrollAmounts,
      daysWorked: z.number(),
      contractedMinutes: z.number().nullable(),
      differenceMinutes: z.number().nullable(),
    }),
  ),
  totals: z.object({ ...PayrollAmounts, contractedMinutes: z.number() }),
});
export type PayrollReportResponse = z.infer<typeof PayrollReportResponse>;
