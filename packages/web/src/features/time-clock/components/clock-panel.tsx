import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { shiftsOnTodaysClock } from '@rotaboard/core/time-clock/timesheet';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { chipTimeText } from '../../../lib/schedule-grid';
import {
  breakSecondsAt,
  clockState,
  dayProgress,
  formatMinutes,
  formatStopwatch,
  minutesInWords,
  offeredShiftWords,
  wallClockOf,
  workedSecondsAt,
} from '../../../lib/time-clock';
import {
  type ClockAction,
  myClockQueryOptions,
  timesheetsQueryOptions,
  useClockAction,
} from '../../../lib/time-clock-api';
import { formatClock, useHour12 } from '../../../lib/time-format';
import { useNow } from '../hooks/use-now';

const ACTION_LABELS: Record<ClockAction, string> = {
  'clock-in': 'Clock in',
  'break-start': 'Start break',
  'break-end': 'End break',
  'clock-out': 'Clock out',
};

/**
 * Today's time clock on a member's phone (issue 44): Clock in, Start break / End break, Clock out, with
 * the time running. The server's clock decides every time; a refusal (too early, already clocked in, out
 * of order) is shown in the server's words. A clock-in attaches to the shift whose window holds now, or
 * else starts an unscheduled entry, so one button serves both.
 */
export default function ClockPanel({
  teamId,
  zone,
  today,
  myStaffId,
  shifts: candidates,
  hideWhenIdle = false,
}: {
  teamId: string;
  zone: string;
  /** The team's today: the day whose finished entries the panel sums up. */
  today: string;
  myStaffId: string;
  /**
   * The member's own shifts today and yesterday (not time off): those on today's clock (today's, and
   * an overnight one begun yesterday while it runs) say which one the clock is for.
   */
  shifts: readonly ShiftDto[];
  /** An administrator's panel: drawn only while they have a shift on today's clock or are clocked in. */
  hideWhenIdle?: boolean;
}) {
  const hour12 = useHour12();
  const query = useQuery(myClockQueryOptions(teamId));
  const action = useClockAction(teamId);
  const [error, setError] = useState<string | null>(null);
  const open = query.data ?? null;
  const state = clockState(open);
  // Yesterday's overnight shift leaves the clock when it ends: checked each minute.
  const minuteClock = useNow(true, 60_000);
  const shifts = useMemo(
    () => shiftsOnTodaysClock(candidates, today, minuteClock, zone),
    [candidates, today, minuteClock, zone],
  );
  // Today's own entries, and yesterday's (an overnight shift's entry counts on the day it began; staff
  // read only their own, administrators' are filtered to theirs): once clocked out, the panel says so
  // rather than offering the finished shift again.
  const todays = useQuery({
    ...timesheetsQueryOptions(teamId, addDays(today, -1), today),
    enabled: state === 'out',
  });
  const progress = todays.data ? dayProgress(todays.data.timesheets, myStaffId, shifts, today, zone) : null;
  const next = progress
    ? shifts.find((s) => progress.remaining.some((r) => r.shiftId === s.shiftId))
    : shifts[0];
  const finished = progress?.lastFinished ?? null;
  const now = useNow(state !== 'out');
  // Whole minutes for screen readers: a polite announcement a minute, not a second.
  const minuteNow = Math.floor(now / 60_000) * 60_000;

  async function run(next: ClockAction) {
    setError(null);
    try {
      await action.mutateAsync({ action: next });
    } catch (failure) {
      setError(errorMessage(failure, `Could not ${ACTION_LABELS[next].toLowerCase()}. Try again.`));
    }
  }

  const since = open ? formatClock(wallClockOf(open.clockInAt, zone).time, hour12) : null;
  const shift = open?.shiftId ? shifts.find((s) => s.shiftId === open.shiftId) : shifts[0];
  const button = (next: ClockAction, variant: 'default' | 'outline' = 'default') => (
    <Button
      key={next}
      size="lg"
      variant={variant}
      className="min-w-32 flex-1"
      disabled={action.isPending}
      onClick={() => void run(next)}
    >
      {action.isPending && action.variables?.action === next ? (
        <Spinner className="text-current [&_svg]:size-4" />
      ) : null}
      {ACTION_LABELS[next]}
    </Button>
  );

  if (hideWhenIdle && !query.isPending && !open && shifts.length === 0 && !finished) return null;
  return (
    <section
      aria-label="Time clock"
      className="mb-3 rounded-lg border border-primary/40 bg-primary/5 p-3 sm:max-w-md"
      data-testid="time-clock"
      data-state={query.isPending ? 'loading' : state}
    >
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <Clock aria-hidden="true" className="size-4" />
        Time clock
      </h3>
      {query.isPending ? (
        <Spinner label="Loading your time clock…" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, 'Could not read your time clock.')}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted-foreground">
            {open
              ? open.shiftId
                ? shift
                  ? `For your ${chipTimeText(shift, hour12)} shift`
                  : 'For your shift'
                : 'Not on a scheduled shift'
              : next
                ? offeredShiftWords(next, today, chipTimeText(next, hour12))
                : finished?.clockOutAt
                  ? `Clocked out at ${formatClock(wallClockOf(finished.clockOutAt, zone).time, hour12)} · ${formatMinutes(finished.workedMinutes)} worked. Clocking in again is recorded as unscheduled time.`
                  : 'No shift today: a clock-in is recorded as unscheduled time.'}
          </p>
          {open ? (
            <div className="mt-2">
              <p className="text-xs text-muted-foreground">
                {state === 'break' ? 'On a break' : `Clocked in since ${since}`}
              </p>
              <p
                className="font-mono text-3xl font-semibold tabular-nums"
                data-testid="time-clock-elapsed"
                aria-hidden="true"
              >
                {formatStopwatch(state === 'break' ? breakSecondsAt(open, now) : workedSecondsAt(open, now))}
              </p>
              <p className="sr-only" aria-live="polite" data-testid="time-clock-status">
                {state === 'break'
                  ? `On a break for ${minutesInWords(breakSecondsAt(open, minuteNow) / 60)}`
                  : `Clocked in since ${since}, ${minutesInWords(workedSecondsAt(open, minuteNow) / 60)} worked`}
              </p>
              {state === 'break' ? (
                <p className="text-xs text-muted-foreground">
                  Worked so far: {minutesInWords(workedSecondsAt(open, now) / 60)}
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2">
            {state === 'out' ? button('clock-in') : null}
            {state === 'working' ? [button('break-start', 'outline'), button('clock-out')] : null}
            {state === 'break' ? button('break-end') : null}
          </div>
          {error ? (
            <Alert variant="destructive" role="alert" className="mt-3">
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
        </>
      )}
    </section>
  );
}
