import type { CoverageStatus } from '@rotaboard/core/contracts/schedule-agent';
import { memo } from 'react';
import { COVERAGE_ROW, cellKey } from '../../../lib/schedule-grid';
import { useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import { coverageText } from '../utils/grid-marks';

/**
 * Under the day headings: each coverage slot of each day as "07:00–15:00 1/2", red when short. A
 * body of its own (the staff rows' body follows), so the grid's rows keep their places. In the
 * administrator's grid (`inGrid`) each day's cell is itself a stop of the arrow keys: nothing in it
 * acts, but it is read.
 */
export const CoverageRow = memo(function CoverageRow({
  dates,
  rowIndex,
  coverage,
  inGrid = false,
}: {
  dates: readonly string[];
  /** Its `aria-rowindex` in the grid. */
  rowIndex: number;
  coverage: readonly CoverageStatus[];
  inGrid?: boolean;
}) {
  const hour12 = useHour12();
  return (
    <tbody>
      <tr className="border-b border-border bg-muted/30" aria-rowindex={rowIndex} data-testid="coverage-row">
        <th
          scope="row"
          className="sticky left-0 z-10 bg-muted px-2 py-1.5 text-left align-top text-xs font-medium text-muted-foreground shadow-[1px_0_0_var(--border)] sm:px-3"
        >
          Coverage
        </th>
        {dates.map((date) => {
          const slots = coverage.filter((slot) => slot.date === date);
          return (
            <td
              key={date}
              {...(inGrid
                ? { 'data-cell': cellKey(COVERAGE_ROW, date), 'data-grid-item': '', tabIndex: -1 }
                : {})}
              className="border-l border-border/60 px-1 py-1 align-top focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
            >
              {slots.length === 0 ? (
                <span className="sr-only">No coverage set</span>
              ) : (
                <ul className="grid gap-0.5">
                  {slots.map((slot) => {
                    const short = slot.assigned < slot.needed;
                    return (
                      <li
                        key={`${slot.startTime}${slot.endTime}${slot.role ?? ''}`}
                        className={cn(
                          'rounded px-1 text-[11px] leading-tight tabular-nums break-words',
                          short
                            ? 'bg-red-100 font-semibold text-red-800 dark:bg-red-950 dark:text-red-200'
                            : 'text-muted-foreground',
                        )}
                      >
                        {coverageText(slot, hour12)}
                        {short ? <span className="sr-only"> (short)</span> : null}
                      </li>
                    );
                  })}
                </ul>
              )}
            </td>
          );
        })}
      </tr>
    </tbody>
  );
});
