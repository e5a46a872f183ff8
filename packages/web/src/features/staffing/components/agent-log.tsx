import { formatAuditValue } from '@rotaboard/core/audit/display';
import type { AgentLogItem } from '@rotaboard/core/contracts/proposals';
import { useQuery } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { PaginationBar } from '../../../components/pagination-bar';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateRange } from '../../../lib/dates';
import { agentLogsQueryOptions } from '../api/staffing-api';
import {
  AGENT_LOG_PAGE_SIZE,
  coverageChange,
  formatSolverTime,
  logPageOf,
  RUN_MODE_LABELS,
  SOLVER_STATUS_LABELS,
} from '../utils/staffing-form';

/**
 * The agent's log: every run, newest first, with what it found and what became of its proposals.
 * Its page is in the address (`?logPage=`), so the browser's back button pages back.
 */
export function AgentLog({ teamId }: { teamId: string }) {
  const [search] = useSearchParams();
  const page = logPageOf(search.get('logPage'));
  const query = useQuery(agentLogsQueryOptions(teamId, page));
  const data = query.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / AGENT_LOG_PAGE_SIZE)) : 1;
  const hrefFor = (n: number) => {
    const next = new URLSearchParams(search);
    if (n === 1) next.delete('logPage');
    else next.set('logPage', String(n));
    return `/staffing${next.size ? `?${next}` : ''}`;
  };

  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert" className="items-center">
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {errorMessage(query.error, "The agent's log could not be loaded.")}
          <Button type="button" size="sm" variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (!data) return <Spinner label="Loading the agent's log" />;
  if (data.items.length === 0) {
    return (
      <EmptyState icon={Bot} title={page > 1 ? 'No runs on this page' : 'The agent has not run yet'}>
        {page > 1 ? (
          <Link className="font-medium underline" to={hrefFor(1)}>
            Back to the newest runs
          </Link>
        ) : (
          'Each time someone asks the agent to fill a week on the schedule, the run shows here: who, which days, coverage before and after, and how many of its changes were accepted.'
        )}
      </EmptyState>
    );
  }
  return (
    <div>
      <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
        {data.total === 1 ? '1 run' : `${data.total} runs`}
      </p>
      <ol className="grid gap-3">
        {data.items.map((item) => (
          <LogEntry key={item.proposalId} item={item} />
        ))}
      </ol>
      <PaginationBar page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </div>
  );
}

function LogEntry({ item }: { item: AgentLogItem }) {
  const period = formatDateRange(item.startDate, item.endDate);
  return (
    <li className="rounded-lg border border-border bg-card p-4 text-sm" data-testid="agent-log-entry">
      <div className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to={`/schedule/${item.startDate}`}
          className="font-semibold underline-offset-4 hover:underline"
          aria-label={`${period}: open the week on the schedule`}
        >
          {period}
        </Link>
        <Badge variant="secondary">{RUN_MODE_LABELS[item.mode]}</Badge>
        <span className="min-w-0 break-words text-muted-foreground sm:ml-auto">
          {item.createdByName} · {formatAuditValue(item.createdAt)}
        </span>
      </div>
      <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">Slots filled</dt>
        <dd>{coverageChange(item.coverageBefore, item.coverageAfter)}</dd>
        <dt className="text-muted-foreground">Solver</dt>
        <dd>
          {SOLVER_STATUS_LABELS[item.solver.status]}, {formatSolverTime(item.solver.ms)}
        </dd>
        <dt className="text-muted-foreground">Changes</dt>
        <dd>
          {item.proposed} proposed, {item.accepted} accepted, {item.rejected} rejected
        </dd>
      </dl>
    </li>
  );
}
