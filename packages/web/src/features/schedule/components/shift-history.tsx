import { auditRows } from '@rotaboard/core/audit/display';
import type { HistoryResponse } from '@rotaboard/core/contracts/shifts';
import { formatAuditTime } from '@rotaboard/core/shifts/display';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-keys';
import { shiftCalls } from '../api/schedule-api';

type Entry = HistoryResponse['history'][number];

const ACTIONS: Record<string, string> = { CREATE: 'Created', UPDATE: 'Updated', DELETE: 'Deleted' };

function HistoryItem({ entry }: { entry: Entry }) {
  const [open, setOpen] = useState(false);
  const rows = auditRows(entry.action, entry.oldValues, entry.newValues);
  const action = ACTIONS[entry.action.toUpperCase()] ?? entry.action;
  return (
    <li className="rounded-md border">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-start gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {open ? (
          <ChevronDown aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        ) : (
          <ChevronRight aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        )}
        <span className="min-w-0 flex-1">
          <span className="font-medium">{action}</span>{' '}
          <span className="text-muted-foreground">by {entry.changedByName || 'Unknown'}</span>
          <span className="block text-xs text-muted-foreground">
            {formatAuditTime(new Date(entry.changedAt))} · {entry.changesSummary}
          </span>
        </span>
      </button>
      {open ? (
        <div className="border-t px-3 py-2 text-xs">
          {rows.kind === 'none' ? (
            <p className="text-muted-foreground">{rows.message}</p>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {rows.rows.map((row) => (
                <div key={row.field} className="contents">
                  <dt className="font-medium">{row.label}</dt>
                  <dd className="break-words">
                    {'before' in row ? (
                      <>
                        <span className="text-muted-foreground line-through">{row.before}</span> → {row.after}
                      </>
                    ) : (
                      (row as { value: string }).value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** The shift's audit trail (spec 2 §2, §3): admins only. */
export function ShiftHistory({
  teamId,
  shiftId,
  isOwner,
}: {
  teamId: string;
  shiftId: string;
  isOwner: boolean;
}) {
  const [shown, setShown] = useState(false);
  const query = useInfiniteQuery({
    queryKey: queryKeys.team(teamId).shiftHistory(shiftId),
    queryFn: ({ pageParam }) => shiftCalls(teamId).history(shiftId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.hasMore ? pages.reduce((sum, page) => sum + page.history.length, 0) : undefined,
    enabled: shown,
    retry: false,
  });
  const entries = query.data?.pages.flatMap((page) => page.history) ?? [];
  const last = query.data?.pages.at(-1);

  return (
    <section aria-label="History" className="border-t pt-3">
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
        className="-ml-2"
      >
        {shown ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
        History
      </Button>
      {shown ? (
        <div className="mt-2 grid gap-2">
          {query.isPending ? (
            <Spinner label="Loading history…" />
          ) : query.isError && entries.length === 0 ? (
            <p role="alert" className="text-sm text-destructive">
              Failed to load shift history
            </p>
          ) : (
            <>
              {entries.length === 0 ? <p className="text-sm text-muted-foreground">No history yet.</p> : null}
              <ul className="grid gap-2">
                {entries.map((entry) => (
                  <HistoryItem key={entry.auditId} entry={entry} />
                ))}
              </ul>
              {query.hasNextPage ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  disabled={query.isFetchingNextPage}
                  onClick={() => query.fetchNextPage()}
                >
                  Load More
                </Button>
              ) : null}
              {last && !last.isPro ? (
                <p className="text-xs text-muted-foreground">
                  {isOwner ? (
                    <Link to="/subscription" className="text-primary underline-offset-4 hover:underline">
                      Upgrade to Pro to see the full history
                    </Link>
                  ) : (
                    'The team owner must upgrade to Pro to see the full history'
                  )}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                Showing {entries.length} of {last?.totalCount ?? entries.length}
              </p>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
