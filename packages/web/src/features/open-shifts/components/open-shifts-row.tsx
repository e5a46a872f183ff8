import type { OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatLongDate } from '../../../lib/dates';
import { cellKey, OPEN_SHIFTS_ROW } from '../../../lib/schedule-grid';
import type { OpenShiftActions } from '../api/open-shifts-api';
import { OpenShiftCard } from './open-shift-card';

/**
 * Under the day headings, a row of its own: each day's open shifts. Administrators post one on a
 * day (+) and decide claims; staff claim. A body of its own, so the staff rows keep their places.
 * For administrators the row is part of the grid's keyboard (one tab stop, the arrow keys): its
 * cells carry their `data-cell` keys and its buttons are grid items, out of the tab order.
 */
export function OpenShiftsRow({
  dates,
  rowIndex,
  openShifts,
  status,
  isAdmin,
  actions,
  onPost,
  onDelete,
}: {
  dates: readonly string[];
  rowIndex: number;
  openShifts: readonly OpenShiftDto[];
  status: 'pending' | 'error' | 'success';
  isAdmin: boolean;
  actions: OpenShiftActions;
  onPost: (date: string) => void;
  onDelete: (shift: OpenShiftDto) => void;
}) {
  return (
    <tbody>
      <tr
        className="border-b border-border bg-amber-50/40 dark:bg-amber-950/10"
        aria-rowindex={rowIndex}
        data-testid="open-shifts-row"
      >
        <th
          scope="row"
          className="sticky left-0 z-10 bg-muted px-2 py-1.5 text-left align-top text-xs font-medium text-muted-foreground shadow-[1px_0_0_var(--border)] sm:px-3"
        >
          Open shifts
          {status === 'pending' ? (
            <Spinner className="mt-1 flex" />
          ) : status === 'error' ? (
            <span className="mt-1 block font-normal text-destructive">Couldn't load them</span>
          ) : openShifts.length === 0 ? (
            <span className="mt-1 block font-normal">
              {isAdmin ? 'None posted this week' : 'None this week'}
            </span>
          ) : null}
        </th>
        {dates.map((date) => {
          const day = openShifts.filter((shift) => shift.shiftDate === date);
          return (
            <td
              key={date}
              data-cell={isAdmin ? cellKey(OPEN_SHIFTS_ROW, date) : undefined}
              className="border-l border-border/60 px-1 py-1 align-top"
            >
              <div className="grid gap-1">
                {day.map((shift) => (
                  <OpenShiftCard
                    key={shift.openShiftId}
                    shift={shift}
                    isAdmin={isAdmin}
                    actions={actions}
                    onDelete={onDelete}
                    inGrid={isAdmin}
                  />
                ))}
                {isAdmin ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-7 justify-self-center text-muted-foreground"
                    aria-label={`Post an open shift on ${formatLongDate(date)}`}
                    title="Post an open shift"
                    tabIndex={-1}
                    data-grid-item=""
                    onClick={() => onPost(date)}
                  >
                    <Plus aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
            </td>
          );
        })}
      </tr>
    </tbody>
  );
}
