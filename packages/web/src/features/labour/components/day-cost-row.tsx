import { formatMoney } from '@rotaboard/core/labour/money';
import { useQuery } from '@tanstack/react-query';
import { formatLongDate } from '../../../lib/dates';
import { cellKey, LABOUR_ROW } from '../../../lib/schedule-grid';
import { labourQueryOptions } from '../api/labour-api';

/**
 * Under the day headings (owner and administrators of Pro teams): each day's cost, as `/labour` gives
 * it. A body of the grid's own, like the coverage row; each day's cell is a stop of the arrow keys,
 * read but not acting. Loaded on its own after the week, so the first load does not carry it.
 */
export default function DayCostRow({
  teamId,
  dates,
  rowIndex,
}: {
  teamId: string;
  dates: readonly string[];
  rowIndex: number;
}) {
  const query = useQuery(labourQueryOptions(teamId, dates[0]!, dates[dates.length - 1]!));
  const labour = query.data;
  const costs = new Map(labour?.days.map((day) => [day.date, day.costMinor]));
  return (
    <tbody>
      <tr className="border-b border-border bg-muted/30" aria-rowindex={rowIndex} data-testid="day-cost-row">
        <th
          scope="row"
          className="sticky left-0 z-10 bg-muted px-2 py-1.5 text-left align-top text-xs font-medium text-muted-foreground shadow-[1px_0_0_var(--border)] sm:px-3"
        >
          Cost
        </th>
        {dates.map((date) => (
          <td
            key={date}
            data-cell={cellKey(LABOUR_ROW, date)}
            data-grid-item=""
            tabIndex={-1}
            data-date={date}
            // What the arrow keys land on, said in full: the column's heading is a day number only.
            aria-label={
              labour
                ? `Labour cost on ${formatLongDate(date)}: ${formatMoney(costs.get(date) ?? 0, labour.currency)}`
                : `Labour cost on ${formatLongDate(date)}: loading`
            }
            className="border-l border-border/60 px-1 py-1 text-center align-top text-[11px] text-muted-foreground tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            {labour ? formatMoney(costs.get(date) ?? 0, labour.currency) : '…'}
          </td>
        ))}
      </tr>
    </tbody>
  );
}
