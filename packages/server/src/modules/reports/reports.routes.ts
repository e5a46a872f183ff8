import {
  AdjustmentReasonsResponse,
  AdjustmentsReportQuery,
  AdjustmentsReportResponse,
  AuditReportQuery,
  AuditReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
  ReportRangeQuery,
} from '@rotaboard/core/contracts/reports';
import { TeamParams } from '@rotaboard/core/contracts/teams';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../lib/require-user.ts';
import {
  ADJUSTMENT_ENTRY_COLUMNS,
  ADJUSTMENT_PERSON_COLUMNS,
  AUDIT_COLUMNS,
  LEAVE_ENTRY_COLUMNS,
  LEAVE_PERSON_COLUMNS,
  payrollDayColumns,
  payrollPersonColumns,
  sendCsv,
  wantsCsv,
} from './report.csv.ts';

/**
 * A range report as JSON, serialised here rather than by the route's response schema: the schema still
 * describes it (OpenAPI) and the tests read it through it, but the service builds it from core's
 * arithmetic, whose types are the contract's, and checking a year of a large team's payroll (130,000
 * day rows) against zod on every answer cost more than building it (bench/README.md).
 */
const sendJson = (reply: FastifyReply, report: unknown): FastifyReply =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(report));

/** A CSV answer, described for the OpenAPI document. */
const Csv = z.string().describe('text/csv with a header row (Accept: text/csv or ?format=csv)');

/**
 * The reports (spec 2 §7 `/reports`): audit, adjustments (and its reasons), leave, payroll; JSON, or
 * CSV with `Accept: text/csv` or `?format=csv`. Owners and administrators only.
 */
export async function reportsRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.reports;
  const tags = ['reports'];
  const base = '/api/teams/:id/reports';
  const name = (report: string, q: { startDate: string; endDate: string; groupByStaff: boolean }) =>
    `rotaboard-${report}${q.groupByStaff ? '-by-staff' : ''}-${q.startDate}-to-${q.endDate}.csv`;

  routes.get(
    `${base}/audit`,
    {
      schema: {
        tags,
        summary: 'Every audit entry of the team, newest first (Free: last 7 days; Pro: 2 years)',
        params: TeamParams,
        querystring: AuditReportQuery,
        response: { 200: AuditReportResponse.or(Csv) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!wantsCsv(request.query.format, request.headers.accept)) {
        return service.audit(user, request.params.id, request.query);
      }
      const rows = await service.auditExport(user, request.params.id, request.query);
      return sendCsv(reply as FastifyReply, 'rotaboard-audit.csv', AUDIT_COLUMNS, rows());
    },
  );

  routes.get(
    `${base}/adjustments/reasons`,
    {
      schema: {
        tags,
        summary: 'The attendance adjustment reasons (spec 2 §3), keys and labels',
        params: TeamParams,
        response: { 200: AdjustmentReasonsResponse },
      },
    },
    async (request) => service.reasons(requireUser(request), request.params.id),
  );

  routes.get(
    `${base}/adjustments`,
    {
      schema: {
        tags,
        summary: 'Attendance adjustments in a date range, per entry or per staff (Pro)',
        params: TeamParams,
        querystring: AdjustmentsReportQuery,
        response: { 200: AdjustmentsReportResponse.or(Csv) },
      },
    },
    async (request, reply) => {
      const report = await service.adjustments(requireUser(request), request.params.id, request.query);
      if (!wantsCsv(request.query.format, request.headers.accept))
        return sendJson(reply as FastifyReply, report);
      return report.groupByStaff
        ? sendCsv(
            reply as FastifyReply,
            name('adjustments', report),
            ADJUSTMENT_PERSON_COLUMNS,
            report.people,
          )
        : sendCsv(
            reply as FastifyReply,
            name('adjustments', report),
            ADJUSTMENT_ENTRY_COLUMNS,
            report.entries,
          );
    },
  );

  routes.get(
    `${base}/leave`,
    {
      schema: {
        tags,
        summary: 'Time off in a date range: minutes or days (Free: 36 days at most; Pro: 1 year)',
        params: TeamParams,
        querystring: ReportRangeQuery,
        response: { 200: LeaveReportResponse.or(Csv) },
      },
    },
    async (request, reply) => {
      const report = await service.leave(requireUser(request), request.params.id, request.query);
      if (!wantsCsv(request.query.format, request.headers.accept))
        return sendJson(reply as FastifyReply, report);
      return report.groupByStaff
        ? sendCsv(reply as FastifyReply, name('leave', report), LEAVE_PERSON_COLUMNS, report.people)
        : sendCsv(reply as FastifyReply, name('leave', report), LEAVE_ENTRY_COLUMNS, report.entries);
    },
  );

  routes.get(
    `${base}/payroll`,
    {
      schema: {
        tags,
        summary: 'Scheduled, break, adjusted and worked minutes per staff and day, against contracts (Pro)',
        params: TeamParams,
        querystring: ReportRangeQuery,
        response: { 200: PayrollReportResponse.or(Csv) },
      },
    },
    async (request, reply) => {
      const report = await service.payroll(requireUser(request), request.params.id, request.query);
      if (!wantsCsv(request.query.format, request.headers.accept))
        return sendJson(reply as FastifyReply, report);
      return report.groupByStaff
        ? sendCsv(reply as FastifyReply, name('payroll', report), payrollPersonColumns(report), report.people)
        : sendCsv(reply as FastifyReply, name('payroll', report), payrollDayColumns(report), report.days);
    },
  );
}
