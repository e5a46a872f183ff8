import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { LABOUR_ROW } from '../../../lib/schedule-grid';
import type { WeekLabour, WeekLabourInput } from '../../../lib/schedule-slots';

// Each loaded on its own when first drawn: neither is in the schedule's first load (bench/bundle-size).
const WeekCostBar = lazy(() => import('../components/week-cost-bar'));
const DayCostRow = lazy(() => import('../components/day-cost-row'));

/**
 * What the labour feature gives the week (issue 43): the cost bar above the grid and the day costs
 * under its headings, for the owner and administrators of Pro teams; nothing for staff or on Free.
 */
export function useWeekLabour({ teamId, enabled, dates, shiftsFetchedAt }: WeekLabourInput): WeekLabour {
  const queryClient = useQueryClient();
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  // Whenever the week's shifts are read again (an edit of one's own, a change announced, a reconnect),
  // so is its cost: the live policy covers others' changes, this one ours even with the hub down.
  // Not on the first read (the cost is being read then anyway), and not twice when the live policy
  // has already asked for it (a read under way is kept).
  const seen = useRef(shiftsFetchedAt);
  useEffect(() => {
    if (seen.current === shiftsFetchedAt) return;
    const first = seen.current === 0;
    seen.current = shiftsFetchedAt;
    if (enabled && !first) {
      void queryClient.invalidateQueries(
        { queryKey: queryKeys.team(teamId).labour(start, end) },
        { cancelRefetch: false },
      );
    }
  }, [enabled, shiftsFetchedAt, queryClient, teamId, start, end]);
  return useMemo(
    () =>
      enabled
        ? {
            bar: (
              <Suspense fallback={<div className="mb-3 h-[3.25rem]" aria-hidden="true" />}>
                <WeekCostBar teamId={teamId} dates={dates} />
              </Suspense>
            ),
            row: {
              key: LABOUR_ROW,
              render: (rowIndex: number) => (
                <Suspense fallback={<tbody />}>
                  <DayCostRow teamId={teamId} dates={dates} rowIndex={rowIndex} />
                </Suspense>
              ),
            },
          }
        : { bar: null, row: null },
    [enabled, teamId, dates],
  );
}
