import { addDays, dayNumber, startOfWeek } from '@rotaboard/core/dates/week';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/teams/defaults';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ClipboardCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { UpgradeLink } from '../../../components/upgrade-link';
import { errorMessage } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { showApiError } from '../../../lib/show-api-error';
import { useTeamToday } from '../../../lib/team-today';
import { useSelectedTeam } from '../../../lib/teams';
import { groupByDay, TIME_CLOCK_FEATURE, type TimesheetDto } from '../../../lib/time-clock';
import { timesheetsQueryOptions, useTimesheetAction } from '../../../lib/time-clock-api';
import { useHour12 } from '../../../lib/time-format';
import { toast } from '../../../lib/toast';
import { TimesheetEditDialog } from '../components/timesheet-edit-dialog';
import { TimesheetRow } from '../components/timesheet-row';

/** The server reads at most this many days at once. */
const MAX_RANGE_DAYS = 62;

/**
 * /timesheets (issue 44; owner and administrators of Pro teams): what was clocked, by day and person,
 * against what was scheduled; edit with a reason, approve one or all, reject. Approved time is what the
 * payroll report counts as worked. The team's week by default.
 */
export default function TimesheetsPage() {
  const { team, isLoading, isOwner } = useSelectedTeam();
  const { today } = useTeamToday(team?.timeZone);
  const hour12 = useHour12();
  const weekStartDay = team?.weekStartDay ?? DEFAULT_WEEK_START_DAY;
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const start = range?.start ?? startOfWeek(today, weekStartDay);
  const end = range?.end ?? addDays(start, 6);
  const teamId = team?.teamId ?? '';
  const zone = team?.timeZone ?? 'UTC';
  const allowed = team ? planAllows(team.ownerSubscriptionTier, TIME_CLOCK_FEATURE) : false;
  const validRange = start <= end && dayNumber(end) - dayNumber(start) < MAX_RANGE_DAYS;
  const query = useQuery({
    ...timesheetsQueryOptions(teamId, start, end),
    enabled: Boolean(team) && allowed && validRange,
  });
  const action = useTimesheetAction(teamId);
  const [editing, setEditing] = useState<TimesheetDto | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const ids = { from: useId(), to: useId() };

  if (isLoading || !team) return <PageSpinner />;
  const timesheets = query.data?.timesheets ?? [];
  const pending = timesheets.filter((row) => row.status === 'pending');
  const days = groupByDay(timesheets);

  async function decide(row: TimesheetDto, decision: 'approve' | 'reject') {
    try {
      await action.mutateAsync({ action: decision, timesheetId: row.timesheetId });
      toast.success(`Timesheet of ${row.staffName} ${decision === 'approve' ? 'approved' : 'rejected'}`);
    } catch (error) {
      showApiError(error, `Failed to ${decision} the timesheet.`);
    }
  }

  async function approveAll() {
    let approved = 0;
    // One by one: each approval is its own audited change, and one refusal leaves the rest done.
    for (const row of pending) {
      try {
        await action.mutateAsync({ action: 'approve', timesheetId: row.timesheetId });
        approved += 1;
      } catch (error) {
        showApiError(error, `Failed to approve the timesheet of ${row.staffName}.`);
      }
    }
    if (approved > 0)
      toast.success(approved === 1 ? '1 timesheet approved' : `${approved} timesheets approved`);
  }

  const shiftWeek = (weeks: number) =>
    setRange({ start: addDays(start, 7 * weeks), end: addDays(end, 7 * weeks) });

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <PageMeta title="Timesheets" description="Clocked time against the schedule, approved into payroll." />
      <PageHeader
        title="Timesheets"
        description={`For ${team.teamName}: what was clocked against what was scheduled. Approved time is what the payroll counts.`}
        actions={
          allowed && pending.length > 0 ? (
            <Button onClick={() => setConfirmAll(true)} disabled={action.isPending}>
              Approve all pending ({pending.length})
            </Button>
          ) : null
        }
      />
      {!allowed ? (
        <Alert role="status">
          <AlertDescription>
            Timesheets and the time clock are part of the Pro plan.
            <UpgradeLink forOwner={isOwner} />
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <fieldset className="mb-4 flex flex-wrap items-end gap-3">
            <legend className="sr-only">Dates shown</legend>
            {/* On a phone the two dates share the width and the week buttons go under them. */}
            <div className="grid w-full grid-cols-2 gap-3 sm:w-auto">
              <div className="min-w-0 space-y-1">
                <Label htmlFor={ids.from}>From</Label>
                <Input
                  id={ids.from}
                  type="date"
                  className="w-full px-2 sm:w-40 sm:px-3"
                  value={start}
                  onChange={(event) => event.target.value && setRange({ start: event.target.value, end })}
                />
              </div>
              <div className="min-w-0 space-y-1">
                <Label htmlFor={ids.to}>To</Label>
                <Input
                  id={ids.to}
                  type="date"
                  className="w-full px-2 sm:w-40 sm:px-3"
                  value={end}
                  onChange={(event) => event.target.value && setRange({ start, end: event.target.value })}
                />
              </div>
            </div>
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => shiftWeek(-1)}>
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous week
              </Button>
              <Button variant="outline" onClick={() => shiftWeek(1)}>
                Next week
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </fieldset>
          {!validRange ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                Choose a start on or before the end, at most {MAX_RANGE_DAYS} days apart.
              </AlertDescription>
            </Alert>
          ) : query.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner label="Loading timesheets…" />
            </div>
          ) : query.isError ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>
                {errorMessage(query.error, 'Failed to load the timesheets.')}
              </AlertDescription>
            </Alert>
          ) : days.length === 0 ? (
            <EmptyState icon={ClipboardCheck} title="No timesheets for these dates">
              When staff clock in and out on their phones, their times appear here for you to check and
              approve.
            </EmptyState>
          ) : (
            <div className="flex flex-col gap-5">
              {days.map((day) => (
                <section key={day.date} aria-labelledby={`day-${day.date}`} data-testid="timesheet-day">
                  <h2 id={`day-${day.date}`} className="mb-2 text-sm font-semibold">
                    {formatLongDate(day.date)}
                  </h2>
                  <ul className="rounded-xl border border-border bg-card">
                    {day.rows.map((row) => (
                      <TimesheetRow
                        key={row.timesheetId}
                        row={row}
                        zone={zone}
                        hour12={hour12}
                        busy={action.isPending}
                        onEdit={() => {
                          setEditing(row);
                          setEditOpen(true);
                        }}
                        onApprove={() => void decide(row, 'approve')}
                        onReject={() => void decide(row, 'reject')}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </>
      )}
      <TimesheetEditDialog
        teamId={teamId}
        zone={zone}
        row={editing}
        open={editOpen}
        onOpenChange={setEditOpen}
      />
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Approve all pending timesheets?"
        description={`${pending.length === 1 ? '1 timesheet' : `${pending.length} timesheets`} from ${formatLongDate(start)} to ${formatLongDate(end)} will count as worked in the payroll.`}
        confirmLabel="Approve all"
        onConfirm={approveAll}
      />
    </div>
  );
}
