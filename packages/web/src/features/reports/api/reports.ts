import type {
  AdjustmentsReportResponse,
  AuditReportResponse,
  LeaveReportResponse,
  PayrollReportResponse,
} from '@rotaboard/core/contracts/reports';
import { AUDIT_PAGE_SIZE } from '@rotaboard/core/contracts/reports';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

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
 * A date-range report, always per entry (the page groups by staff itself from `people`, and charts
 * over time need the entries); the CSV asks the server for the grouping chosen.
 */
export const rangeReportQueryOptions = <R extends RangeReport>(
  teamId: string,
  report: R,
  params: RangeParams,
) =>
  queryOptions({
    queryKey: ['teams', teamId, 'reports', report, { ...params, groupByStaff: false }],
    queryFn: () =>
      apiRequest<RangeResponse[R]>(
        'GET',
        `${reportsPath(teamId)}/${report}?${rangeSearch({ ...params, groupByStaff: false })}`,
      ),
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
    queryKey: ['teams', teamId, 'reports', 'audit', page, filters],
    queryFn: () => {
      const search = auditSearch(filters);
      search.set('offset', String((page - 1) * AUDIT_PAGE_SIZE));
      search.set('limit', String(AUDIT_PAGE_SIZE));
      return apiRequest<AuditReportResponse>('GET', `${reportsPath(teamId)}/audit?${search}`);
    },
    placeholderData: keepPreviousData,
  });

export const auditCsvUrl = (teamId: string, filters: AuditFilters) => {
  const search = auditSearch(filters);
  search.set('format', 'csv');
  return `${reportsPath(teamId)}/audit?${search}`;
};
