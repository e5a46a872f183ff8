import { auditActorName } from '@rotaboard/core/audit/actor';
import {
  AUDIT_DOMAIN_LABELS,
  auditDomain,
  formatEnGbDate,
  withMoneyShown,
} from '@rotaboard/core/audit/display';
import type {
  AdjustmentReasonsResponse,
  AdjustmentsReportQuery,
  AdjustmentsReportResponse,
  AuditReportQuery,
  AuditReportResponse,
  AuditReportRow,
  LeaveReportResponse,
  PayrollReportResponse,
  ReportRangeQuery,
} from '@rotaboard/core/contracts/reports';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { auditHistorySince, planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { adjustmentsReport } from '@rotaboard/core/reports/adjustments-report';
import { leaveReport } from '@rotaboard/core/reports/leave-report';
import { payrollReport } from '@rotaboard/core/reports/payroll-report';
import {
  auditRetentionDays,
  PRO_REPORT_MESSAGE,
  type ReportId,
  reportAllowed,
  reportRangeProblem,
} from '@rotaboard/core/reports/ranges';
import { ADJUSTMENT_REASON_KEYS } from '@rotaboard/core/reports/report-rows';
import { ADJUSTMENT_REASONS } from '@rotaboard/core/shifts/adjustments';
import { withApprovedTimesheets } from '@rotaboard/core/time-clock/approved-time';
import { displayName } from '@rotaboard/core/users/profile';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { DAY_MS } from '../../lib/calendar.ts';
import { labourCosting } from '../labour/labour-costing.ts';
import { requireTeamAdmin, type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { timesheetReads } from '../time-clock/timesheet-reads.ts';
import { type AuditFilter, type AuditPageRow, createReportRepository } from './report.repository.ts';

/** Rows of the audit CSV are read this many at a time, so a two-year export never sits in memory whole. */
const AUDIT_EXPORT_BATCH = 1000;

/**
 * The reports (spec 2 §7 `/reports`, issue 15): owners and administrators only; payroll and
 * adjustments on Pro; ranges held to the plan's limits. The arithmetic is core's (reports/*-report.ts),
 * its lengths real elapsed time in the team's zone (issue 41); the CSV is written from the same answer.
 */
export function createReportService(deps: { db: Db; proEmails: readonly string[] }) {
  const { db, proEmails } = deps;
  const repo = createReportRepository(db);

  async function adminAccess(user: UserRow, teamId: string): Promise<TeamAccess> {
    return requireTeamAdmin(await teamAccessOf(db, user, teamId, proEmails));
  }

  /** Refuses a Pro report on Free (403), then a range the plan does not cover (400, naming the limit). */
  async function rangeAccess(
    user: UserRow,
    teamId: string,
    report: Exclude<ReportId, 'audit'>,
    q: ReportRangeQuery,
  ) {
    const a = await adminAccess(user, teamId);
    if ((report === 'payroll' || report === 'adjustments') && !reportAllowed(report, a.ownerTier)) {
      throw new DomainError(ErrorCode.PLAN_LIMIT, PRO_REPORT_MESSAGE[report]);
    }
    const problem = reportRangeProblem(report, a.ownerTier, q.startDate, q.endDate);
    if (problem) throw new DomainError(ErrorCode.VALIDATION, problem);
    return a;
  }

  function auditFilter(a: TeamAccess, q: AuditReportQuery): AuditFilter {
    const upTo =
      q.showUpToDate && q.currentDate ? new Date(Date.parse(`${q.currentDate}T00:00:00Z`) + DAY_MS) : null;
    return {
      since: auditHistorySince(a.ownerTier, new Date()),
      before: upTo,
      domain: q.domain ?? null,
      actorId: q.actorId ?? null,
      staffId: q.staffId ?? null,
    };
  }

  const range = (q: ReportRangeQuery) => ({
    startDate: q.startDate,
    endDate: q.endDate,
    groupByStaff: q.groupByStaff,
  });

  return {
    async audit(user: UserRow, teamId: string, q: AuditReportQuery): Promise<AuditReportResponse> {
      const a = await adminAccess(user, teamId);
      const filter = auditFilter(a, q);
      const [rows, totalCount, actors] = await Promise.all([
        repo.auditPage(teamId, filter, q.offset, q.limit),
        repo.auditCount(teamId, filter),
        repo.auditActors(teamId, filter.since),
      ]);
      return {
        entries: rows.map((row) => toAuditRow(row, a.team.currency)),
        totalCount,
        hasMore: q.offset + rows.length < totalCount,
        retentionDays: auditRetentionDays(a.ownerTier),
        isPro: planOf(a.ownerTier).paid,
        actors: actors
          .map((p) => ({ actorId: p.actorId, name: displayName(p) }))
          .sort((x, y) => x.name.localeCompare(y.name)),
      };
    },

    /** Every audit entry the filter matches, newest first, a batch at a time (the CSV export). */
    async auditExport(user: UserRow, teamId: string, q: AuditReportQuery) {
      const a = await adminAccess(user, teamId);
      const filter = auditFilter(a, q);
      return async function* rows(): AsyncGenerator<AuditReportRow> {
        for (let offset = 0; ; offset += AUDIT_EXPORT_BATCH) {
          const batch = await repo.auditPage(teamId, filter, offset, AUDIT_EXPORT_BATCH);
          for (const row of batch) yield toAuditRow(row, a.team.currency);
          if (batch.length < AUDIT_EXPORT_BATCH) return;
        }
      };
    },

    async leave(user: UserRow, teamId: string, q: ReportRangeQuery): Promise<LeaveReportResponse> {
      const a = await rangeAccess(user, teamId, 'leave', q);
      const [people, entries] = await Promise.all([
        repo.staffForRange(teamId, q.startDate, q.endDate, q.staffIds),
        repo.entries(teamId, { ...q, only: 'timeOff' }),
      ]);
      const report = leaveReport(people, entries, q, a.team.timeZone);
      return { ...range(q), ...report, entries: q.groupByStaff ? [] : report.entries };
    },

    async adjustments(
      user: UserRow,
      teamId: string,
      q: AdjustmentsReportQuery,
    ): Promise<AdjustmentsReportResponse> {
      await rangeAccess(user, teamId, 'adjustments', q);
      const reasons = q.reasons.length
        ? ADJUSTMENT_REASON_KEYS.filter((r) => q.reasons.includes(r))
        : ADJUSTMENT_REASON_KEYS;
      const [people, entries] = await Promise.all([
        repo.staffForRange(teamId, q.startDate, q.endDate, q.staffIds),
        repo.entries(teamId, { ...q, only: 'adjusted' }),
      ]);
      const report = adjustmentsReport(people, entries, q, reasons);
      return { ...range(q), reasons, ...report, entries: q.groupByStaff ? [] : report.entries };
    },

    async reasons(user: UserRow, teamId: string): Promise<AdjustmentReasonsResponse> {
      await adminAccess(user, teamId);
      return { reasons: ADJUSTMENT_REASON_KEYS.map((key) => ({ key, label: ADJUSTMENT_REASONS[key] })) };
    },

    async payroll(user: UserRow, teamId: string, q: ReportRangeQuery): Promise<PayrollReportResponse> {
      const a = await rangeAccess(user, teamId, 'payroll', q);
      // With labour cost (issue 43) the entries are read in whole team weeks around the range: a
      // shift's overtime depends on the hours before it that week. One read serves both the costing
      // (the labour module's, core's costShifts, as /labour) and the report, which keeps the range's.
      const costed = planAllows(a.ownerTier, 'labourCost');
      const weeks = {
        startDate: startOfWeek(q.startDate, a.team.weekStartDay),
        endDate: addDays(startOfWeek(q.endDate, a.team.weekStartDay), 6),
      };
      const readRange = costed ? weeks : q;
      const [people, scheduled, approved, costing] = await Promise.all([
        repo.staffForRange(teamId, q.startDate, q.endDate, q.staffIds),
        repo.entries(teamId, costed ? { ...q, ...weeks } : q),
        timesheetReads(db).approvedForTeam(teamId, readRange.startDate, readRange.endDate),
        costed ? labourCosting(db).forTeam(teamId, weeks.endDate) : null,
      ]);
      // Approved timesheets are what was worked (issue 44): each in its shift's place, or a day of its
      // own, for the report and its costs alike (so they are /labour's). Only the people asked about.
      const asked = q.staffIds.length ? new Set(q.staffIds) : null;
      const read = withApprovedTimesheets(
        scheduled,
        asked ? approved.filter((t) => asked.has(t.staffId)) : approved,
        a.team.timeZone,
      );
      const entries = costed
        ? read.filter((e) => e.shiftDate >= q.startDate && e.shiftDate <= q.endDate)
        : read;
      // Someone with no rate at all costs 0 for every shift, overtime or not: only the others are costed.
      const rated = costing ? read.filter((e) => costing.context.ratesByStaff.has(e.staffId)) : [];
      const costs = costing
        ? new Map(costing.cost(rated).map((shift) => [shift.shiftId, shift.costMinor]))
        : null;
      const report = payrollReport(people, entries, q, a.team.timeZone, costs);
      return {
        ...range(q),
        currency: a.team.currency,
        ...report,
        days: q.groupByStaff ? [] : report.days,
      };
    },
  };
}
export type ReportService = ReturnType<typeof createReportService>;

/**
 * An audit row as the report shows it: its domain, what it is about in words, who made it. Labour
 * cost's money (a pay rate, the budget) is shown in the team's `currency` (its currency now).
 */
function toAuditRow(row: AuditPageRow, currency: string): AuditReportRow {
  const { audit } = row;
  const stored = {
    old: (audit.oldValues as Record<string, unknown> | null) ?? null,
    new: (audit.newValues as Record<string, unknown> | null) ?? null,
  };
  const domain = auditDomain(audit.entityType, audit.action, stored.new) ?? 'team';
  const money = domain === 'pay_rate' || domain === 'labour_settings';
  const oldValues = money ? withMoneyShown(stored.old, currency) : stored.old;
  const newValues = money ? withMoneyShown(stored.new, currency) : stored.new;
  const values = { ...(oldValues ?? {}), ...(newValues ?? {}) };
  const person =
    row.staffFirstName !== null
      ? `${row.staffFirstName} ${row.staffLastName ?? ''}`.trim()
      : [values.firstName, values.lastName].filter((v) => typeof v === 'string' && v).join(' ') ||
        (typeof values.staffName === 'string' ? values.staffName : '');
  const subject = (() => {
    switch (domain) {
      case 'shift':
      case 'adjustment':
        return [person, row.shiftDate ? formatEnGbDate(row.shiftDate) : ''].filter(Boolean).join(' · ');
      case 'staff':
        return person;
      case 'request':
        return [person, typeof values.requestType === 'string' ? values.requestType.replace('_', ' ') : '']
          .filter(Boolean)
          .join(' · ');
      case 'day_note':
        return typeof values.noteDate === 'string'
          ? `Day note · ${formatEnGbDate(values.noteDate)}`
          : 'Day note';
      case 'open_shift':
        // The open shift by its date; a claim also names who claimed it.
        return [
          person,
          typeof values.shiftDate === 'string'
            ? `Open shift · ${formatEnGbDate(values.shiftDate)}`
            : 'Open shift',
        ]
          .filter(Boolean)
          .join(' · ');
      case 'pay_rate':
        // The person, and the date the rate applies from.
        return [
          person,
          typeof values.effectiveFrom === 'string'
            ? `Pay rate from ${formatEnGbDate(values.effectiveFrom)}`
            : 'Pay rate',
        ]
          .filter(Boolean)
          .join(' · ');
      case 'labour_settings':
        return 'Labour settings';
      case 'timesheet':
        // The person, and the date the timesheet counts on (issue 44).
        return [
          person,
          typeof values.workDate === 'string'
            ? `Timesheet · ${formatEnGbDate(values.workDate)}`
            : 'Timesheet',
        ]
          .filter(Boolean)
          .join(' · ');
      case 'assistant':
        return typeof values.reason === 'string'
          ? `Schedule assistant · ${values.reason}`
          : 'Schedule assistant';
      default:
        return row.teamName ?? AUDIT_DOMAIN_LABELS[domain];
    }
  })();
  return {
    auditId: audit.id,
    changedAt: audit.changedAt.toISOString(),
    action: audit.action,
    domain,
    subject: subject || AUDIT_DOMAIN_LABELS[domain],
    subjectId: audit.entityId,
    actorId: audit.changedBy,
    actorName:
      auditActorName(
        { firstName: row.actorFirstName, lastName: row.actorLastName, email: row.actorEmail },
        { firstName: row.onBehalfOfFirstName, lastName: row.onBehalfOfLastName, email: row.onBehalfOfEmail },
      ) ?? 'Unknown',
    oldValues,
    newValues,
  };
}
