import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatLongDate } from '../../../lib/dates';
import {
  describeVariance,
  formatMinutes,
  STATUS_LABELS,
  type TimesheetDto,
  wallClockOf,
} from '../../../lib/time-clock';
import { formatClock } from '../../../lib/time-format';
import { cn } from '../../../lib/utils';

const TONES = {
  over: 'text-amber-700 dark:text-amber-400',
  under: 'text-sky-700 dark:text-sky-400',
  even: 'text-emerald-700 dark:text-emerald-400',
  none: 'text-muted-foreground',
} as const;

const STATUS_CLASSES = {
  open: 'border-primary/40 bg-primary/10 text-primary',
  pending: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  approved: 'border-emerald-600/40 bg-emerald-600/10 text-emerald-800 dark:text-emerald-300',
  rejected: 'border-destructive/40 bg-destructive/10 text-destructive',
} as const;

/**
 * One person's timesheet for a day: clocked times on the team's wall clocks, break, worked against
 * scheduled with the variance in colour and in words, its status, and what an administrator may do.
 */
export function TimesheetRow({
  row,
  zone,
  hour12,
  busy,
  onEdit,
  onApprove,
  onReject,
}: {
  row: TimesheetDto;
  zone: string;
  hour12: boolean;
  busy: boolean;
  onEdit: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const clockIn = wallClockOf(row.clockInAt, zone);
  const clockOut = row.clockOutAt ? wallClockOf(row.clockOutAt, zone) : null;
  const times = `${formatClock(clockIn.time, hour12)}–${clockOut ? formatClock(clockOut.time, hour12) : 'now'}`;
  const nextDay = clockOut && clockOut.date !== clockIn.date ? ' (next day)' : '';
  const variance = describeVariance(row.varianceMinutes);
  const decidable = row.status === 'pending';
  // Named in full: one person may have two entries a day, and a list of "Approve" buttons says nothing.
  const which = `the timesheet of ${row.staffName}, ${formatLongDate(row.date)} from ${formatClock(clockIn.time, hour12)}`;
  return (
    <li
      className="flex flex-col gap-2 border-b border-border px-3 py-3 last:border-b-0 lg:flex-row lg:items-center lg:gap-4"
      data-testid="timesheet-row"
      data-status={row.status}
    >
      <div className="min-w-0 lg:w-44 lg:shrink-0">
        <p className="truncate font-medium">{row.staffName}</p>
        <p className="text-sm tabular-nums text-muted-foreground">
          {times}
          {nextDay}
          {row.shiftId === null ? <span className="ml-1">· unscheduled</span> : null}
        </p>
      </div>
      <dl className="grid flex-1 grid-cols-4 gap-2 text-sm tabular-nums">
        <div>
          <dt className="text-xs text-muted-foreground">Break</dt>
          <dd>{formatMinutes(row.breakMinutes)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Worked</dt>
          <dd className="font-medium" data-testid="timesheet-worked">
            {formatMinutes(row.workedMinutes)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Scheduled</dt>
          <dd>{row.scheduledMinutes === null ? '—' : formatMinutes(row.scheduledMinutes)}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Variance</dt>
          <dd className={cn('font-medium', TONES[variance.tone])} data-testid="timesheet-variance">
            <span aria-hidden="true">{variance.text}</span>
            <span className="sr-only">{variance.words}</span>
          </dd>
        </div>
      </dl>
      {/* A fixed width on wide screens, so the figures line up from row to row whatever the status. */}
      <div className="flex flex-wrap items-center gap-2 lg:w-72 lg:shrink-0 lg:justify-end">
        <Badge variant="outline" className={STATUS_CLASSES[row.status]}>
          {STATUS_LABELS[row.status]}
        </Badge>
        {row.status !== 'open' ? (
          <Button
            size="sm"
            variant="outline"
            aria-haspopup="dialog"
            aria-label={`Edit ${which}`}
            onClick={onEdit}
            disabled={busy}
          >
            Edit
          </Button>
        ) : null}
        {decidable ? (
          <>
            <Button size="sm" aria-label={`Approve ${which}`} onClick={onApprove} disabled={busy}>
              Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Reject ${which}`}
              onClick={onReject}
              disabled={busy}
            >
              Reject
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}
