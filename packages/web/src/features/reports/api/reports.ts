import type { AuditDomain } from '@rotaboard/core/audit/display';
import type {
  AdjustmentsReportResponse,
  AuditReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { AUDIT_PAGE_SIZE } from '@rotaboard/core/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api, DEFAULT_ERROR_MESSAGE, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const reportsPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/reports`;

/** What a date-range report is asked for; the same parameters make its CSV address. */
export type RangeParams = {
  startDate: string;
  endDate: string;
  groupByStaff: boolean;
  staffIds: string[];
  reasons?: string[];
};

function rangeSearch(params: RangeParams, format?: 'csv'): URLSearchParams {
  const search = new URLSearchParams({ startDate: params.startDate, endDate: params.endDate });
  if (params.groupByStaff) search.set('groupByStaff', 'true');
  if (params.staffIds.length) search.set('staffIds', params.staffIds.join(','));
  if (params.reasons?.length) search.set('reasons', params.reasons.join(','));
  if (format) search.set('format', format);
  return search;
}

type RangeReport = 'leave' | 'adjustments' | 'payroll';
type RangeResponse = {
  leave: LeaveReportResponse;
  adjustments: AdjustmentsReportResponse;
  payroll: PayrollReportResponse;
};

/**
 * A report's answer: the document types it as the JSON report or its CSV text (`format=csv`, which
 * only the download links ask for), so the JSON is taken and a text refused.
 */
async function json<T>(answer: Promise<T | string>): Promise<T> {
  const report = await answer;
  if (typeof report === 'string') throw new ApiError(DEFAULT_ERROR_MESSAGE, 200);
  return report;
}

/** The query of a date-range report as JSON (per entry: no grouping). */
function rangeQuery(params: RangeParams) {
  return {
    startDate: params.startDate,
    endDate: params.endDate,
    ...(params.staffIds.length ? { staffIds: params.staffIds.join(',') } : {}),
  };
}

const rangeCalls: { [R in RangeReport]: (teamId: string, params: RangeParams) => Promise<RangeResponse[R]> } =
  {
    leave: (id, params) =>
      json(
        unwrap(
          api.GET('/api/teams/{id}/reports/leave', { params: { path: { id }, query: rangeQuery(params) } }),
        ),
      ),
    adjustments: (id, params) =>
      json(
        unwrap(
          api.GET('/api/teams/{id}/reports/adjustments', {
            params: {
              path: { id },
              query: {
                ...rangeQuery(params),
                ...(params.reasons?.length ? { reasons: params.reasons.join(',') } : {}),
              },
            },
          }),
        ),
      ),
    payroll: (id, params) =>
      json(
        unwrap(
          api.GET('/api/teams/{id}/reports/payroll', { params: { path: { id }, query: rangeQuery(params) } }),
        ),
      ),
  };

/**
 * A date-range report, always per entry (the page groups by staff itself from `people`, and charts
 * over time need the entries); the CSV asks the server for the grouping chosen.
 */
export const rangeReportQueryOptions = <R extends RangeReport>(
  teamId: string,
  report: R,
  params: RangeParams,
) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).rangeReport(report, { ...params, groupByStaff: false }),
    queryFn: (): Promise<RangeResponse[R]> => rangeCalls[report](teamId, params),
    placeholderData: keepPreviousData,
  });

/** The address of a report's CSV download (same origin: the session cookie goes with it). */
export const rangeCsvUrl = (teamId: string, report: RangeReport, params: RangeParams) =>
  `${reportsPath(teamId)}/${report}?${rangeSearch(params, 'csv')}`;

export type AuditFilters = { domain: string | null; actorId: string | null; staffId: string | null };

function auditSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.domain) search.set('domain', filters.domain);
  if (filters.actorId) search.set('actorId', filters.actorId);
  if (filters.staffId) search.set('staffId', filters.staffId);
  return search;
}

export const auditReportQueryOptions = (teamId: string, page: number, filters: AuditFilters) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).auditReport(page, filters),
    queryFn: (): Promise<AuditReportResponse> =>
      json(
        unwrap(
          api.GET('/api/teams/{id}/reports/audit', {
            params: {
              path: { id: teamId },
              query: {
                // The domain as the page's filter holds it; the server refuses an unknown one.
                ...(filters.domain ? { domain: filters.domain as AuditDomain } : {}),
                ...(filters.actorId ? { actorId: filters.actorId } : {}),
                ...(filters.staffId ? { staffId: filters.staffId } : {}),
                offset: (page - 1) * AUDIT_PAGE_SIZE,
                limit: AUDIT_PAGE_SIZE,
              },
            },
          }),
        ),
      ),
    placeholderData: keepPreviousData,
  });

export const auditCsvUrl = (teamId: string, filters: AuditFilters) => {
  const search = auditSearch(filters);
  search.set('format', 'csv');
  return `${reportsPath(teamId)}/audit?${search}`;
};
