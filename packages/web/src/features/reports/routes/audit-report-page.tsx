import {
  AUDIT_DOMAIN_LABELS,
  AUDIT_DOMAINS,
  auditActionLabel,
  auditRows,
  formatAuditValue,
} from '@rotaboard/core/audit/display';
import { AUDIT_PAGE_SIZE, type AuditReportRow } from '@rotaboard/core/contracts/reports';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { type AuditFilters, auditCsvUrl, auditReportQueryOptions } from '../api/reports';
import { ReportFrame } from '../components/report-frame';

/** Values of one entry by the §4 rules: new values, old values, or before and after of what changed. */
function AuditDetails({ entry }: { entry: AuditReportRow }) {
  const shown = auditRows(entry.action, entry.oldValues, entry.newValues, entry.domain, { hideIds: true });
  if (shown.kind === 'none') return <p className="text-muted-foreground">{shown.message}</p>;
  return (
    <dl className="grid grid-cols-[minmax(0,10rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
      {shown.kind === 'values'
        ? shown.rows.map((r) => (
            <div key={r.field} className="contents">
              <dt className="text-muted-foreground">{r.label}</dt>
              <dd className="break-words">{r.value}</dd>
            </div>
          ))
        : shown.rows.map((r) => (
            <div key={r.field} className="contents">
              <dt className="text-muted-foreground">{r.label}</dt>
              <dd className="break-words">
                <span className="line-through decoration-muted-foreground/60">{r.before}</span>
                <span aria-hidden="true"> → </span>
                <span className="sr-only"> changed to </span>
                <span className="font-medium">{r.after}</span>
              </dd>
            </div>
          ))}
    </dl>
  );
}

/** /reports/audit: every change to the team, newest first, 50 a page (spec 2 §4, §5, §9). */
export function AuditReportPage() {
  const { team, isOwner, isLoading } = useSelectedTeam();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(search.get('page') ?? 1)) || 1);
  const filters: AuditFilters = {
    domain: (AUDIT_DOMAINS as readonly string[]).includes(search.get('domain') ?? '')
      ? search.get('domain')
      : null,
    actorId: search.get('actorId'),
    staffId: search.get('staffId'),
  };
  const query = useQuery({
    ...auditReportQueryOptions(team?.teamId ?? '', page, filters),
    enabled: Boolean(team),
  });
  const staff = useQuery({ ...teamStaffQueryOptions(team?.teamId ?? ''), enabled: Boolean(team) });
  const id = useId();
  if (isLoading || !team) return <PageSpinner />;

  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / AUDIT_PAGE_SIZE)) : 1;
  const withPage = (n: number) => {
    const next = new URLSearchParams(search);
    if (n === 1) next.delete('page');
    else next.set('page', String(n));
    return `/reports/audit${next.size ? `?${next}` : ''}`;
  };
  if (data && page > pageCount) return <Navigate to={withPage(pageCount)} replace />;
  const setFilter = (key: keyof AuditFilters, value: string) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next);
  };

  return (
    <ReportFrame
      title="Audit"
      description="Every change to the team's shifts, staff, settings, requests, adjustments, day notes and lock."
      csvUrl={auditCsvUrl(team.teamId, filters)}
      csvName="rotaboard-audit.csv"
      filters={
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-domain`}>Area</Label>
            <Select
              id={`${id}-domain`}
              className="sm:w-44"
              value={filters.domain ?? ''}
              onChange={(e) => setFilter('domain', e.target.value)}
            >
              <option value="">Everything</option>
              {AUDIT_DOMAINS.map((d) => (
                <option key={d} value={d}>
                  {AUDIT_DOMAIN_LABELS[d]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-actor`}>Changed by</Label>
            <Select
              id={`${id}-actor`}
              className="sm:w-48"
              value={filters.actorId ?? ''}
              onChange={(e) => setFilter('actorId', e.target.value)}
            >
              <option value="">Anyone</option>
              {(data?.actors ?? []).map((a) => (
                <option key={a.actorId} value={a.actorId}>
                  {a.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-staff`}>About</Label>
            <Select
              id={`${id}-staff`}
              className="sm:w-48"
              value={filters.staffId ?? ''}
              onChange={(e) => setFilter('staffId', e.target.value)}
            >
              <option value="">Any staff member</option>
              {(staff.data ?? []).map((p) => (
                <option key={p.staffId} value={p.staffId}>
                  {p.fullName}
                </option>
              ))}
            </Select>
          </div>
        </>
      }
    >
      {data && !data.isPro ? (
        <Alert className="mb-4 print:hidden">
          <AlertDescription>
            The Free plan keeps the last {data.retentionDays} days of changes.{' '}
            {isOwner ? (
              <Link className="font-medium underline" to="/subscription">
                Upgrade to Pro to see 2 years
              </Link>
            ) : (
              'The team owner can upgrade to Pro to see 2 years.'
            )}
          </AlertDescription>
        </Alert>
      ) : null}
      {data ? (
        <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
          {data.totalCount === 1 ? '1 change' : `${data.totalCount} changes`}
        </p>
      ) : null}
      {query.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{errorMessage(query.error, 'Failed to load the audit report.')}</AlertDescription>
        </Alert>
      ) : !data ? (
        <PageSpinner label="Loading the audit report" />
      ) : data.entries.length === 0 ? (
        <EmptyState icon={History} title="No changes to show">
          {filters.domain || filters.actorId || filters.staffId
            ? 'Nothing matches these filters.'
            : 'Changes to the team appear here.'}
        </EmptyState>
      ) : (
        <ol className="grid gap-3">
          {data.entries.map((entry) => (
            <li
              key={entry.auditId}
              className="rounded-lg border border-border bg-card p-4 text-sm print:break-inside-avoid"
              data-testid="audit-entry"
            >
              <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                <Badge variant="secondary">{AUDIT_DOMAIN_LABELS[entry.domain]}</Badge>
                <span className="font-semibold">{auditActionLabel(entry.action)}</span>
                <span className="min-w-0 break-words">{entry.subject}</span>
                <span className="ml-auto text-muted-foreground">
                  {entry.actorName} · {formatAuditValue(entry.changedAt)}
                </span>
              </div>
              <AuditDetails entry={entry} />
            </li>
          ))}
        </ol>
      )}
      <div className="mt-4 print:hidden">
        <PaginationBar page={page} pageCount={pageCount} hrefFor={withPage} />
      </div>
    </ReportFrame>
  );
}
