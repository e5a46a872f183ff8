import type { DayNoteDto } from '@rotaboard/core/contracts/day-notes';
import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import type { StaffDto } from '@rotaboard/core/contracts/staff';
import { addDays, toIsoDate, weekDates } from '@rotaboard/core/dates/week';
import { findConflict } from '@rotaboard/core/shifts/conflicts';
import { describeEntry } from '@rotaboard/core/shifts/describe';
import { notificationAudience } from '@rotaboard/core/shifts/notify';
import { matchesStaffSearch } from '@rotaboard/core/staff/staff-rules';
import { contractedHoursOn } from '@rotaboard/core/staff/weekly-hours';
import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/teams/defaults';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, EyeOff, Lock, UsersRound } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageMeta } from '../../../components/page-meta';
import { SearchBox } from '../../../components/search-box';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { formatDateRange, formatLongDate, isIsoDate } from '../../../lib/dates';
import { dayTotals, staffTotals } from '../../../lib/schedule-grid';
import { showApiError } from '../../../lib/show-api-error';
import { teamStaffQueryOptions, useSelectedTeam } from '../../../lib/teams';
import { toast } from '../../../lib/toast';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { cn } from '../../../lib/utils';
import {
  dayNotesQueryOptions,
  inputOf,
  shiftCalls,
  useInvalidateSchedule,
  useNextShift,
  useShiftLock,
  useWeeklyHours,
  type WeeklyHoursEntry,
  weekShiftsQueryOptions,
} from '../api/schedule-api';
import { DayView } from '../components/day-view';
import { PresenceList } from '../components/presence-list';
import type { ShiftChange } from '../components/shift-editor-dialog';
import { StaffAgenda } from '../components/staff-agenda';
import { type GridRow, WeekGrid } from '../components/week-grid';
import { WeekTools } from '../components/week-tools';

// The dialogs (and the validation they bring) load when first opened, or on idle once the week is up.
const ShiftEditorDialog = lazyDialog(() =>
  import('../components/shift-editor-dialog').then((module) => module.ShiftEditorDialog),
);
const DayNoteDialog = lazyDialog(() =>
  import('../components/day-note-dialog').then((module) => module.DayNoteDialog),
);
const LockDialog = lazyDialog(() => import('../components/lock-dialog').then((module) => module.LockDialog));
const ConfirmDialog = lazyDialog(() =>
  import('../components/confirm-dialog').then((module) => module.ConfirmDialog),
);

import { DatePickerButton, WeekNavigation } from '../components/week-navigation';
import { useLastChangeUndo } from '../hooks/use-last-change-undo';

/** Today as the viewer's calendar date, refreshed when the day changes under an open page. */
function readNow(): { today: string; time: string } {
  const now = new Date();
  return {
    today: toIsoDate(now),
    time: `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`,
  };
}

function useToday(): { today: string; time: string } {
  const [value, setValue] = useState(readNow);
  useEffect(() => {
    const timer = setInterval(() => setValue(readNow()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return value;
}

/**
 * The week's rota from the loaded data: who is on it (not those who left before it began), the
 * week's entries (the query holds a day either side), the rows shown (those matching the search)
 * with each person's worked and contracted hours, and the day totals over the rows shown.
 */
function weekRota(
  allStaff: readonly StaffDto[],
  allShifts: readonly ShiftDto[],
  hours: readonly WeeklyHoursEntry[],
  dates: readonly string[],
  search: string,
) {
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  const staff = allStaff.filter((member) => !member.leavingDate || member.leavingDate >= start);
  const weekShifts = allShifts.filter((shift) => shift.shiftDate >= start && shift.shiftDate <= end);
  const totals = staffTotals(weekShifts);
  const hoursByStaff = new Map<string, WeeklyHoursEntry[]>();
  for (const entry of hours) {
    const entries = hoursByStaff.get(entry.staffId);
    if (entries) entries.push(entry);
    else hoursByStaff.set(entry.staffId, [entry]);
  }
  const shown = search.trim() ? staff.filter((member) => matchesStaffSearch(member, search)) : staff;
  const rows: GridRow[] = shown.map((member) => ({
    member,
    totalMinutes: totals.get(member.staffId) ?? 0,
    contracted: contractedHoursOn(hoursByStaff.get(member.staffId) ?? [], start),
  }));
  const totalsByDay = dayTotals(weekShifts, dates, new Set(shown.map((member) => member.staffId)));
  return { staff, weekShifts, rows, totalsByDay };
}

/** Teams bigger than this get a search above the grid: past a screenful, finding a row by eye is slow. */
const STAFF_SEARCH_FROM = 8;

type Editor = { open: boolean; shift: ShiftDto | null; staffId: string; date: string };
type NoteEditor = { open: boolean; date: string; note: DayNoteDto | null };

export function SchedulePage() {
  const { date: dateParam } = useParams();
  const [searchParams] = useSearchParams();
  const dayView = searchParams.get('view') === 'day';
  const phone = useMediaQuery(PHONE_QUERY);
  const navigate = useNavigate();
  const { today, time } = useToday();
  const { user } = useAuth();
  const { team, isLoading: teamLoading, isError: teamsError, isAdmin, isOwner } = useSelectedTeam();
  const teamId = team?.teamId ?? '';
  const isPro = team?.ownerSubscriptionTier === 'pro';
  const focus = dateParam && isIsoDate(dateParam) ? dateParam : today;
  const weekStartDay = team?.weekStartDay ?? DEFAULT_WEEK_START_DAY;
  // Kept as the same arrays between renders, so the grid's memoised rows redraw only what changed.
  const dates = useMemo(() => weekDates(focus, weekStartDay), [focus, weekStartDay]);
  const start = dates[0]!;
  const end = dates[6]!;
  // A day either side, so overnight shifts count in the clash check.
  const staffQuery = useQuery({ ...teamStaffQueryOptions(teamId), enabled: Boolean(team) });
  const shiftsQuery = useQuery({
    ...weekShiftsQueryOptions(teamId, addDays(start, -1), addDays(end, 1)),
    enabled: Boolean(team),
  });
  const notesQuery = useQuery({ ...dayNotesQueryOptions(teamId, start, end), enabled: Boolean(team) });
  const lockQuery = useShiftLock(teamId, Boolean(team));
  const hoursQuery = useWeeklyHours(teamId, Boolean(team) && isAdmin);
  const allStaff = staffQuery.data ?? [];
  const myStaffId = allStaff.find((member) => user && member.userId === user.id)?.staffId ?? null;
  const nextQuery = useNextShift(teamId, today, time, Boolean(team) && Boolean(myStaffId));
  const invalidate = useInvalidateSchedule(teamId);
  const [editor, setEditor] = useState<Editor>({ open: false, shift: null, staffId: '', date: today });
  const [noteEditor, setNoteEditor] = useState<NoteEditor>({ open: false, date: today, note: null });
  const [confirm, setConfirm] = useState<'copy' | 'clear' | 'notify' | null>(null);
  const [copyTimeOff, setCopyTimeOff] = useState(false);
  const [lockOpen, setLockOpen] = useState(false);
  const [search, setSearch] = useState('');
  const offerUndo = useLastChangeUndo(`${teamId}|${start}`, () => void invalidate());
  const allShifts = shiftsQuery.data ?? [];
  const weekShown = shiftsQuery.isSuccess;
  // Who "Notify staff" would email: everyone with an entry this week, less those without an address.
  const audience = useMemo(() => {
    const withEntries = new Set(
      (shiftsQuery.data ?? [])
        .filter((shift) => dates.includes(shift.shiftDate))
        .map((shift) => shift.staffId),
    );
    return notificationAudience((staffQuery.data ?? []).filter((member) => withEntries.has(member.staffId)));
  }, [shiftsQuery.data, staffQuery.data, dates]);
  useEffect(() => {
    // Administrators open the editor sooner or later: fetch its code once the week is on screen.
    if (isAdmin && weekShown) ShiftEditorDialog.preload();
  }, [isAdmin, weekShown]);
  const { staff, weekShifts, rows, totalsByDay } = useMemo(
    () => weekRota(staffQuery.data ?? [], shiftsQuery.data ?? [], hoursQuery.data ?? [], dates, search),
    [staffQuery.data, shiftsQuery.data, hoursQuery.data, dates, search],
  );

  if (dateParam !== undefined && !isIsoDate(dateParam)) return <Navigate to="/schedule" replace />;

  const range = dayView ? formatLongDate(focus) : formatDateRange(start, end);
  const suffix = dayView ? '?view=day' : '';
  const goTo = (date: string) => navigate(`${date === today ? '/schedule' : `/schedule/${date}`}${suffix}`);
  const lock = lockQuery.data ?? { lockedUntil: null, hideScheduleAfterLock: false };
  const calls = shiftCalls(teamId);
  const nameOf = (staffId: string) => allStaff.find((m) => m.staffId === staffId)?.fullName ?? 'someone';

  function onChanged(change: ShiftChange) {
    if (change.kind === 'create') {
      offerUndo('Shift added', () => calls.remove(change.after.shiftId));
    } else if (change.kind === 'update') {
      offerUndo('Shift updated', () => calls.update(change.before.shiftId, inputOf(change.before)));
    } else {
      offerUndo('Shift deleted', () => calls.create(inputOf(change.before)));
    }
  }

  /** Delete on a focused chip: gone at once, with Undo (the toast, or Ctrl+Z). */
  async function onDelete(shift: ShiftDto) {
    try {
      await calls.remove(shift.shiftId);
      onChanged({ kind: 'delete', before: shift });
      void invalidate();
      return true;
    } catch (error) {
      showApiError(error, 'Failed to delete the shift.');
      return false;
    }
  }

  /** A drag or keyboard move: resolves to the entry's id in its new cell, or null when refused. */
  async function onDrop(shift: ShiftDto, staffId: string, date: string, copy: boolean) {
    const candidate = { ...shift, staffId, shiftDate: date, shiftId: copy ? null : shift.shiftId };
    const clash = findConflict(candidate, allShifts);
    if (clash && clash.shiftDate >= addDays(start, -1)) {
      toast.error(`Clashes with ${nameOf(clash.staffId)}'s entry on ${describeEntry(clash)}`);
      return null;
    }
    const input = { ...inputOf(shift), staffId, shiftDate: date };
    try {
      if (copy) {
        const created = await calls.create(input);
        onChanged({ kind: 'create', after: created });
        return created.shiftId;
      }
      const after = await calls.update(shift.shiftId, input);
      offerUndo('Shift moved', () => calls.update(after.shiftId, inputOf(shift)));
      return after.shiftId;
    } catch (error) {
      showApiError(error, copy ? 'Failed to copy the shift.' : 'Failed to move the shift.');
      void invalidate();
      return null;
    }
  }

  async function notifyStaff() {
    try {
      const result = await calls.notifyWeek(start, end);
      toast.success(result.message);
    } catch (error) {
      // The spec swallows this call's errors: say so without failing.
      toast.error(errorMessage(error, 'Failed to notify staff.'));
    }
  }

  let body: ReactNode;
  if (teamLoading) {
    // Each wait is its own element (a key), so one that starts lower down is a new spinner, not a
    // moved one (layout shift).
    body = <PageSpinner key="team" label="Loading your team…" />;
  } else if (teamsError) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription>Your teams couldn't be loaded. Reload the page to try again.</AlertDescription>
      </Alert>
    );
  } else if (!team) {
    body = (
      <EmptyState icon={CalendarDays} title="You're not on a team yet">
        <p>
          Schedules belong to teams. When a team owner invites you by email, open the invitation and their
          team's rota will appear here.
        </p>
      </EmptyState>
    );
  } else if (staffQuery.isPending || shiftsQuery.isPending) {
    body = <PageSpinner key="schedule" label="Loading the schedule…" />;
  } else if (staffQuery.isError || shiftsQuery.isError) {
    body = (
      <Alert variant="destructive" role="alert">
        <AlertDescription>
          {errorMessage(staffQuery.error ?? shiftsQuery.error, 'Failed to load the schedule.')}
        </AlertDescription>
      </Alert>
    );
  } else if (staff.length === 0) {
    body = (
      <EmptyState icon={UsersRound} title="No one on the rota this week">
        <p>{team.teamName} has nobody on its staff list for this week yet.</p>
      </EmptyState>
    );
  } else if (rows.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
        No one on this week's rota matches “{search.trim()}”.{' '}
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline"
          onClick={() => setSearch('')}
        >
          Show everyone
        </button>
      </p>
    );
  } else if (dayView) {
    body = (
      <DayView
        date={focus}
        rows={rows.filter((row) => !row.member.leavingDate || row.member.leavingDate >= focus)}
        shifts={allShifts}
        notes={notesQuery.data ?? []}
        myStaffId={myStaffId}
        onOpen={
          isAdmin
            ? (shift) => setEditor({ open: true, shift, staffId: shift.staffId, date: shift.shiftDate })
            : undefined
        }
      />
    );
  } else {
    // Staff are told why later days are empty, rather than reading an unpublished week as a free one.
    const unpublishedFrom =
      !isAdmin && lock.hideScheduleAfterLock && lock.lockedUntil && lock.lockedUntil < end
        ? addDays(lock.lockedUntil, 1)
        : null;
    body = (
      <>
        {unpublishedFrom ? (
          <Alert className="mb-3" role="status">
            <EyeOff aria-hidden="true" className="size-4" />
            <AlertDescription>
              The schedule from {formatLongDate(unpublishedFrom)} isn't published yet. Shifts for those days
              appear here once your manager publishes them.
            </AlertDescription>
          </Alert>
        ) : null}
        {weekShifts.length === 0 && !(unpublishedFrom && unpublishedFrom <= start) ? (
          <p className="mb-3 text-sm text-muted-foreground">
            {isAdmin
              ? 'Nothing scheduled this week yet. Click a cell to add a shift.'
              : 'Nothing scheduled this week.'}
          </p>
        ) : null}
        {!isAdmin && phone ? (
          <StaffAgenda
            dates={dates}
            shifts={weekShifts}
            notes={notesQuery.data ?? []}
            staff={staff}
            myStaffId={myStaffId}
            today={today}
          />
        ) : (
          <WeekGrid
            dates={dates}
            today={today}
            rows={rows}
            shifts={weekShifts}
            notes={notesQuery.data ?? []}
            dayTotals={totalsByDay}
            isAdmin={isAdmin}
            myStaffId={myStaffId}
            nextShiftId={nextQuery.data?.shiftId ?? null}
            // The lock is the administrators' business; staff see unpublished days explained instead.
            lockedUntil={isAdmin ? lock.lockedUntil : null}
            onAdd={(staffId, date) => setEditor({ open: true, shift: null, staffId, date })}
            onOpen={(shift) =>
              setEditor({ open: true, shift, staffId: shift.staffId, date: shift.shiftDate })
            }
            onDrop={onDrop}
            onNote={(date, note) => setNoteEditor({ open: true, date, note })}
            onDelete={onDelete}
          />
        )}
      </>
    );
  }

  const ready = Boolean(team) && !staffQuery.isPending;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-2 sm:px-6 sm:py-8">
      <PageMeta title="Schedule" description="Your team's rota for the week." />
      {/* On a phone the heading and every control fit in two short rows, so the week starts within
          the first fifth of the screen: the team's name is in the header's selector already, the
          lock is an icon, presence sits beside the title and the week tools are one menu. */}
      <div className="mb-2 flex flex-col gap-1.5 sm:mb-4 sm:gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          {/* Every line here is drawn from the first paint (empty until its data comes), so the
              controls and the week never move down as the team, the lock or the viewers arrive. */}
          <p className="hidden min-h-5 items-center gap-3 text-sm text-muted-foreground sm:flex">
            <span className="truncate font-medium">{team?.teamName}</span>
            {!phone && isAdmin && lock.lockedUntil ? (
              <span className="flex shrink-0 items-center gap-1">
                <Lock aria-hidden="true" className="size-3.5" />
                Locked until {formatLongDate(lock.lockedUntil)}
              </span>
            ) : null}
          </p>
          <div className="flex items-center gap-2">
            <h1 className="flex min-w-0 flex-1 items-center gap-1.5 text-xl font-semibold tracking-tight sm:text-3xl">
              {range}
              {phone && isAdmin && lock.lockedUntil ? (
                <Lock
                  role="img"
                  aria-label={`Locked until ${formatLongDate(lock.lockedUntil)}`}
                  className="size-4 shrink-0 text-muted-foreground"
                />
              ) : null}
            </h1>
            {phone && team ? <PresenceList teamId={team.teamId} userId={user?.id ?? null} compact /> : null}
            {phone ? <DatePickerButton date={focus} onPick={goTo} /> : null}
          </div>
          {!phone ? (
            <div className="mt-2 min-h-7">
              {team ? <PresenceList teamId={team.teamId} userId={user?.id ?? null} /> : null}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-1 sm:gap-2">
          <fieldset aria-label="View" className="flex rounded-md border border-input p-0.5">
            {(['Week', 'Day'] as const).map((label) => {
              const active = (label === 'Day') === dayView;
              return (
                <Button
                  key={label}
                  size="sm"
                  variant={active ? 'secondary' : 'ghost'}
                  aria-pressed={active}
                  className={cn('h-8 px-2 sm:px-3')}
                  onClick={() =>
                    navigate(
                      `${focus === today && label === 'Week' ? '/schedule' : `/schedule/${focus}`}${label === 'Day' ? '?view=day' : ''}`,
                    )
                  }
                >
                  {label}
                </Button>
              );
            })}
          </fieldset>
          <WeekNavigation
            date={focus}
            unit={dayView ? 'day' : 'week'}
            compact={phone}
            onPrevious={() => goTo(dayView ? addDays(focus, -1) : addDays(start, -7))}
            onNext={() => goTo(dayView ? addDays(focus, 1) : addDays(start, 7))}
            onToday={() => navigate(`/schedule${suffix}`)}
            onPick={goTo}
          />
          {phone && isAdmin && ready ? (
            <WeekTools
              compact
              isPro={isPro}
              onCopy={() => setConfirm('copy')}
              onClear={() => setConfirm('clear')}
              onLock={() => setLockOpen(true)}
              onNotify={() => setConfirm('notify')}
            />
          ) : null}
        </div>
      </div>
      {!phone && isAdmin && team ? (
        <WeekTools
          isPro={isPro}
          onCopy={() => setConfirm('copy')}
          onClear={() => setConfirm('clear')}
          onLock={() => setLockOpen(true)}
          onNotify={() => setConfirm('notify')}
        />
      ) : null}
      {ready && staff.length > STAFF_SEARCH_FROM ? (
        <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-center">
          <SearchBox
            label="Find staff"
            placeholder="Find staff by name or role"
            value={search}
            onChange={setSearch}
          />
          {search.trim() && rows.length > 0 ? (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {rows.length} of {staff.length} shown
            </p>
          ) : null}
        </div>
      ) : null}
      {body}
      {team && isAdmin ? (
        <>
          <ShiftEditorDialog
            open={editor.open}
            onOpenChange={(open) => setEditor((current) => ({ ...current, open }))}
            teamId={teamId}
            shift={editor.shift}
            staffId={editor.staffId}
            date={editor.date}
            staff={staff}
            weekShifts={allShifts}
            isPro={isPro}
            isOwner={isOwner}
            lockedUntil={lock.lockedUntil}
            onChanged={onChanged}
          />
          <DayNoteDialog
            open={noteEditor.open}
            onOpenChange={(open) => setNoteEditor((current) => ({ ...current, open }))}
            teamId={teamId}
            date={noteEditor.date}
            note={noteEditor.note}
            onSaved={() => void invalidate()}
          />
          <LockDialog
            open={lockOpen}
            onOpenChange={setLockOpen}
            teamId={teamId}
            lock={lock}
            suggestedDate={end}
          />
          <ConfirmDialog
            open={confirm === 'notify'}
            onOpenChange={(open) => !open && setConfirm(null)}
            title="Email staff about this week?"
            description={
              audience.emailed.length > 0
                ? `Everyone with an entry in ${formatDateRange(start, end)} who has an email address gets a message that the week changed.`
                : `Nobody with an entry in ${formatDateRange(start, end)} has an email address, so nobody can be told.`
            }
            confirmLabel={`Email ${audience.emailed.length} ${audience.emailed.length === 1 ? 'person' : 'people'}`}
            confirmDisabled={audience.emailed.length === 0}
            onConfirm={notifyStaff}
          >
            <div className="grid gap-3 text-sm">
              {audience.emailed.length > 0 ? (
                <div>
                  <h3 className="font-medium">Will be emailed</h3>
                  <ul className="mt-1 max-h-40 overflow-y-auto text-muted-foreground">
                    {audience.emailed.map((member) => (
                      <li key={member.staffId} className="break-words">
                        {member.fullName} · {member.email}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {audience.unreachable.length > 0 ? (
                <div>
                  <h3 className="font-medium">No email address, so not told</h3>
                  <ul className="mt-1 max-h-32 overflow-y-auto text-muted-foreground">
                    {audience.unreachable.map((member) => (
                      <li key={member.staffId}>{member.fullName}</li>
                    ))}
                  </ul>
                  <p className="mt-1 text-xs text-muted-foreground">
                    Add their address on the Staff page to include them.
                  </p>
                </div>
              ) : null}
            </div>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm === 'copy'}
            onOpenChange={(open) => !open && setConfirm(null)}
            title="Copy week to next week?"
            description={`Every shift of ${formatDateRange(start, end)} is copied to the following week. Entries that would clash are skipped.`}
            confirmLabel="Copy week"
            onConfirm={async () => {
              try {
                const result = await calls.copyWeek(start, addDays(start, 7), copyTimeOff);
                toast.success(result.message);
                void invalidate();
              } catch (error) {
                showApiError(error, 'Failed to copy the week.');
              }
            }}
          >
            {/* Time off belongs to its dates (a holiday is not next week's too): left behind unless asked. */}
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-primary"
                checked={copyTimeOff}
                onChange={(event) => setCopyTimeOff(event.target.checked)}
              />
              <span>
                Copy time off too
                <span className="block text-xs text-muted-foreground">
                  Usually left behind: time off belongs to its dates.
                </span>
              </span>
            </label>
          </ConfirmDialog>
          <ConfirmDialog
            open={confirm === 'clear'}
            onOpenChange={(open) => !open && setConfirm(null)}
            title="Clear this week?"
            description={`Every shift and time off entry of ${formatDateRange(start, end)} is deleted.`}
            confirmLabel="Clear week"
            destructive
            onConfirm={async () => {
              try {
                const result = await calls.clearWeek(start);
                toast.success(result.message);
                void invalidate();
              } catch (error) {
                showApiError(error, 'Failed to clear the week.');
              }
            }}
          />
        </>
      ) : null}
    </div>
  );
}

export default SchedulePage;
