import type { OpenShiftDto } from '@rotaboard/core/contracts/open-shifts';
import { Check, Trash2, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import { formatClockRange, useHour12 } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';
import type { OpenShiftActions } from '../api/open-shifts-api';

/** '09:00–17:00', or '9:00 am–5:00 pm' on a 12-hour clock (useHour12). */
export const openShiftTimes = (shift: Pick<OpenShiftDto, 'startTime' | 'endTime'>, hour12: boolean) =>
  formatClockRange(shift.startTime, shift.endTime, hour12);

/** A control of the week grid: out of the tab order, reached with the arrow keys (use-grid-focus). */
const GRID_ITEM = { tabIndex: -1, 'data-grid-item': '' } as const;

/** How a control names the open shift it acts on, for screen readers: times and date. */
const spoken = (shift: OpenShiftDto, hour12: boolean) =>
  `${openShiftTimes(shift, hour12)} on ${formatLongDate(shift.shiftDate)}`;

/**
 * One open shift: its times, role, places filled and notes. Administrators approve or reject each
 * pending claim and delete the open shift (after asking: `onDelete`); staff claim it, or see that
 * their claim waits.
 */
export function OpenShiftCard({
  shift,
  isAdmin,
  actions,
  onDelete,
  showDate = false,
  inGrid = false,
}: {
  shift: OpenShiftDto;
  isAdmin: boolean;
  actions: OpenShiftActions;
  onDelete: (shift: OpenShiftDto) => void;
  /** In a list (staff on a phone) rather than a day's cell. */
  showDate?: boolean;
  /** In the administrator's week grid: its buttons are the grid's items, reached with the arrow keys. */
  inGrid?: boolean;
}) {
  const item = inGrid ? GRID_ITEM : undefined;
  const hour12 = useHour12();
  const pending = shift.claims?.filter((c) => c.status === 'pending') ?? [];
  const approved = shift.claims?.filter((c) => c.status === 'approved') ?? [];
  const deciding = actions.decide.isPending;
  return (
    <article
      aria-label={`Open shift ${spoken(shift, hour12)}`}
      data-testid="open-shift"
      className="min-w-0 rounded-md border border-dashed border-amber-500/70 bg-amber-50 px-1.5 py-1 text-xs leading-tight text-amber-950 dark:bg-amber-950/40 dark:text-amber-50"
    >
      {showDate ? <p className="font-medium">{formatLongDate(shift.shiftDate)}</p> : null}
      <p className="font-semibold tabular-nums">{openShiftTimes(shift, hour12)}</p>
      <p className="break-words">
        {shift.role ?? 'Anyone'}
        {isAdmin ? (
          <span className="whitespace-nowrap">
            {' '}
            · {shift.filled}/{shift.staffCount} filled
          </span>
        ) : shift.staffCount - shift.filled > 1 ? (
          <span className="whitespace-nowrap"> · {shift.staffCount - shift.filled} places</span>
        ) : null}
      </p>
      {shift.breakMinutes > 0 ? <p className="opacity-80">{shift.breakMinutes}m break</p> : null}
      {shift.notes ? <p className="break-words opacity-80">{shift.notes}</p> : null}
      {isAdmin ? (
        <>
          {approved.length > 0 ? (
            <ul className="mt-1 grid gap-0.5" aria-label="Approved">
              {approved.map((c) => (
                <li key={c.claimId} className="flex items-center gap-1 break-words">
                  <Check aria-hidden="true" className="size-3 shrink-0" />
                  {c.staffName}
                  <span className="sr-only"> (approved)</span>
                </li>
              ))}
            </ul>
          ) : null}
          {pending.length > 0 ? (
            <ul className="mt-1 grid gap-1" aria-label="Claims waiting for approval">
              {pending.map((c) => (
                <li key={c.claimId} className="grid gap-0.5">
                  <span className="break-words font-medium">{c.staffName}</span>
                  <span className="flex gap-1">
                    <Button
                      size="icon"
                      variant="outline"
                      className="size-7"
                      disabled={deciding}
                      {...item}
                      aria-label={`Approve ${c.staffName} for ${spoken(shift, hour12)}`}
                      title="Approve"
                      onClick={() =>
                        actions.decide.mutate({
                          openShiftId: shift.openShiftId,
                          claimId: c.claimId,
                          status: 'approved',
                        })
                      }
                    >
                      <Check aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      size="icon"
                      variant="outline"
                      className="size-7"
                      disabled={deciding}
                      {...item}
                      aria-label={`Reject ${c.staffName} for ${spoken(shift, hour12)}`}
                      title="Reject"
                      onClick={() =>
                        actions.decide.mutate({
                          openShiftId: shift.openShiftId,
                          claimId: c.claimId,
                          status: 'rejected',
                        })
                      }
                    >
                      <X aria-hidden="true" className="size-4" />
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          ) : shift.filled < shift.staffCount ? (
            <p className="mt-1 opacity-80">No claims yet</p>
          ) : null}
          <Button
            size="icon"
            variant="ghost"
            className="mt-1 size-7 text-destructive"
            {...item}
            aria-label={`Delete open shift ${spoken(shift, hour12)}`}
            title="Delete"
            onClick={() => onDelete(shift)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </>
      ) : shift.claimedByMe ? (
        <p className={cn('mt-1 font-medium')} role="status">
          Claimed — waiting for approval
        </p>
      ) : (
        <Button
          size="sm"
          className="mt-1 h-7 w-full px-2 text-xs"
          disabled={actions.claim.isPending}
          aria-label={`Claim open shift ${spoken(shift, hour12)}`}
          onClick={() => actions.claim.mutate(shift.openShiftId)}
        >
          Claim
        </Button>
      )}
    </article>
  );
}
