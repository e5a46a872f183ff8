import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays, weekDates } from '@rotaboard/core/dates/week';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { lastReadableDate } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/teams/defaults';
import { EyeOff } from 'lucide-react';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { lazyDialog } from '../../../components/lazy-dialog';
import { PageMeta } from '../../../components/page-meta';
import { SearchBox } from '../../../components/search-box';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import type { AssistantSlotProps } from '../../../lib/assistant-slot';
import { useAuth } from '../../../lib/auth-context';
import { formatLongDate, isIsoDate } from '../../../lib/dates';
import type { ScheduleSlots } from '../../../lib/schedule-slots';
import { foreignTeamZone, useTeamToday } from '../../../lib/team-today';
import { useSelectedTeam } from '../../../lib/teams';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { DayView } from '../components/day-view';
import {
  type NoteEditorState,
  ScheduleAdminDialogs,
  ShiftEditorDialog,
  type ShiftEditorState,
} from '../components/schedule-admin-dialogs';
import { ScheduleHeader } from '../components/schedule-header';
import { scheduleStatus } from '../components/schedule-status';
import { StaffAgenda } from '../components/staff-agenda';
import { WeekGrid } from '../components/week-grid';
import type { WeekTool } from '../components/week-tool-dialogs';
import { WeekTools } from '../components/week-tools';
import { useProposalParam } from '../hooks/use-proposal-param';
import { useShiftActions } from '../hooks/use-shift-actions';
import { useWeekData } from '../hooks/use-week-data';

const OfferShiftDialog = lazyDialog(() =>
  import('../components/offer-shift-dialog').then((module) => module.OfferShiftDialog),
);

/** Teams bigger than this get a search above the grid: past a screenful, finding a row by eye is slow. */
const STAFF_SEARCH_FROM = 8;

/** From Tailwind's `lg`: the assistant is a column beside the grid; narrower, a sheet from the bottom. */
const SIDE_PANEL_QUERY = '(min-width: 1024px)';

/**
 * The week (or a day) of the selected team. The app composes in what other features draw in it
 * (features do not import each other): `assistant` draws the schedule assistant's panel
 * (features/assistant); `useWeekStaffing` the staffing rules, availability and the agent's proposals
 * (features/staffing), `useWeekOpenShifts` the open shifts and `useWeekLabour` its cost, `useWeekTimeClock` the time clock and sick calls
 * (features/time-clock), lib/schedule-slots.ts.
 */
export function SchedulePage({
  assistant,
  useWeekStaffing,
  useWeekOpenShifts,
  useWeekLabour,
  useWeekTimeClock,
}: ScheduleSlots & { assistant?: (props: AssistantSlotProps) => ReactNode }) {
  const { date: dateParam } = useParams();
  const [searchParams] = useSearchParams();
  const dayView = searchParams.get('view') === 'day';
  const phone = useMediaQuery(PHONE_QUERY);
  const { user } = useAuth();
  const { team, isLoading: teamLoading, isError: teamsError, isAdmin, isOwner } = useSelectedTeam();
  // The team's today, not the viewer's: the week, "Today" and the next shift follow its clocks.
  const { today, time } = useTeamToday(team?.timeZone);
  // Named under the week when the viewer's clocks are not the team's.
  const foreignZone = useMemo(() => foreignTeamZone(team?.timeZone), [team?.timeZone]);
  const teamId = team?.teamId ?? '';
  const tier = team?.ownerSubscriptionTier ?? 'free';
  const hasAttendance = planAllows(tier, 'attendance');
  const canNotify = planAllows(tier, 'scheduleNotifications');
  // The staffing rules and the agent are Pro; the server checks them as the assistant feature.
  const hasStaffing = planAllows(tier, 'staffingRules');
  // Open shifts are Pro as requests are (the server checks the same feature).
  const hasOpenShifts = planAllows(tier, 'requests');
  const focus = dateParam && isIsoDate(dateParam) ? dateParam : today;
  const weekStartDay = team?.weekStartDay ?? DEFAULT_WEEK_START_DAY;
  // Kept as the same arrays between renders, so the grid's memoised rows redraw only what changed.
  const dates = useMemo(() => weekDates(focus, weekStartDay), [focus, weekStartDay]);
  const start = dates[0]!;
  const end = dates[6]!;
  const { proposalId, setProposal } = useProposalParam(dates);
  const [search, setSearch] = useState('');
  const week = useWeekData({
    teamId,
    enabled: Boolean(team),
    isAdmin,
    userId: user?.id ?? null,
    dates,
    today,
    time,
    search,
  });
  const { staffQuery, shiftsQuery, allStaff, allShifts, myStaffId, lock } = week;
  const { staff, weekShifts, rows, totalsByDay } = week;
  const [editor, setEditor] = useState<ShiftEditorState>({
    open: false,
    shift: null,
    staffId: '',
    date: today,
  });
  const [noteEditor, setNoteEditor] = useState<NoteEditorState>({ open: false, date: today, note: null });
  const [confirm, setConfirm] = useState<WeekTool | null>(null);
  const [lockOpen, setLockOpen] = useState(false);
  const [offering, setOffering] = useState<ShiftDto | null>(null);
  const [offerOpen, setOfferOpen] = useState(false);
  // Staff on Pro swap or give away their own future shifts (issue 27; requests are Pro).
  const onOffer =
    !isAdmin && myStaffId && planAllows(tier, 'requests')
      ? (shift: ShiftDto) => {
          setOffering(shift);
          setOfferOpen(true);
        }
      : null;
  const [assistantOpen, setAssistantOpen] = useState(false);
  // Drawn from its first opening on, so the conversation survives closing and opening it again.
  const [assistantDrawn, setAssistantDrawn] = useState(false);
  const wide = useMediaQuery(SIDE_PANEL_QUERY);
  const hasAssistant = planAllows(tier, 'assistant');
  const weekShown = shiftsQuery.isSuccess;
  const { onChanged, onDelete, onDrop, invalidate } = useShiftActions({
    teamId,
    weekStart: start,
    allStaff,
    allShifts,
  });
  const staffing = useWeekStaffing({
    teamId,
    admin: Boolean(team) && isAdmin,
    pro: hasStaffing,
    agentEnabled: team?.scheduleAgentEnabled ?? false,
    currency: team?.currency ?? 'USD',
    isOwner,
    dates,
    shifts: allShifts,
    shiftsFetchedAt: shiftsQuery.dataUpdatedAt,
    staff: allStaff,
    proposalId,
    onOpenProposal: setProposal,
    onCloseProposal: () => setProposal(null),
    onShowShift: (shift) => setEditor({ open: true, shift, staffId: shift.staffId, date: shift.shiftDate }),
    assistantOpen,
  });
  const openAssistant =
    isAdmin && assistant
      ? () => {
          setAssistantDrawn(true);
          setAssistantOpen(true);
        }
      : null;
  const names = new Map(allStaff.map((member) => [member.staffId, member.fullName]));
  const assistantPanel =
    team && assistant && assistantDrawn
      ? assistant({
          teamId,
          weekStartDate: start,
          pro: hasAssistant,
          isOwner,
          layout: wide ? 'side' : 'sheet',
          open: assistantOpen,
          onOpenChange: setAssistantOpen,
          proposalId,
          proposal: staffing.proposal.data,
          proposalLoading: staffing.proposal.loading,
          proposalError: staffing.proposal.error,
          onProposal: (id, date) => setProposal(id, date),
          onAccept: staffing.accept,
          onReject: staffing.reject,
          onUndo: staffing.undo,
          staffName: (staffId) => names.get(staffId) ?? 'someone no longer on the team',
          shifts: allShifts,
        })
      : null;
  const assistantBeside = assistantOpen && wide && assistantPanel !== null;
  useEffect(() => {
    // Administrators open the editor sooner or later: fetch its code once the week is on screen.
    if (isAdmin && weekShown) ShiftEditorDialog.preload();
  }, [isAdmin, weekShown]);
  const openShifts = useWeekOpenShifts({
    teamId,
    enabled: Boolean(team) && hasOpenShifts,
    isAdmin,
    dates,
    today,
    roles: week.roles,
  });

  // The time clock and sick calls (issue 44, Pro): a member's clock in their agenda, who is clocked in
  // on the administrators' grid.
  const timeClock = useWeekTimeClock({
    teamId,
    enabled: Boolean(team) && hasAttendance,
    isAdmin,
    zone: team?.timeZone ?? 'UTC',
    myStaffId,
    today,
    // With the day either side: yesterday's overnight shift may still be on today's clock.
    shifts: allShifts,
    showsToday: dates.includes(today),
  });
  // Labour cost: Pro, owner and administrators only (issue 43). Under the day headings: the day costs,
  // the coverage, then the open shifts.
  const labour = useWeekLabour({
    teamId,
    enabled: Boolean(team) && isAdmin && planAllows(tier, 'labourCost'),
    dates,
    shiftsFetchedAt: shiftsQuery.dataUpdatedAt,
  });
  const rowsAbove = [labour.row, staffing.coverageRow, openShifts.gridRow].filter((row) => row !== null);

  if (dateParam !== undefined && !isIsoDate(dateParam)) return <Navigate to="/schedule" replace />;

  const status = scheduleStatus({
    teamLoading,
    teamsError,
    team,
    staffQuery,
    shiftsQuery,
    staff,
    rows,
    search,
    onShowEveryone: () => setSearch(''),
  });
  let body: ReactNode;
  if (status !== null || !team) {
    body = status;
  } else if (dayView) {
    body = (
      <DayView
        date={focus}
        rows={rows.filter((row) => isActiveOn(row.member.leavingDate, focus))}
        shifts={allShifts}
        notes={week.notes}
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
    const lastReadable = lastReadableDate(lock, isAdmin);
    const unpublishedFrom = lastReadable && lastReadable < end ? addDays(lastReadable, 1) : null;
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
        {labour.bar}
        {/* Staff: today's clock first, the thing needed on arriving at work (issue 44). */}
        {timeClock.todayPanel}
        {!isAdmin && phone ? openShifts.list : null}
        {!isAdmin && phone ? (
          <StaffAgenda
            dates={dates}
            shifts={weekShifts}
            notes={week.notes}
            staff={staff}
            myStaffId={myStaffId}
            today={today}
            onOffer={onOffer}
            shiftAction={timeClock.shiftAction}
          />
        ) : (
          <WeekGrid
            dates={dates}
            today={today}
            rows={rows}
            shifts={weekShifts}
            notes={week.notes}
            dayTotals={totalsByDay}
            isAdmin={isAdmin}
            myStaffId={myStaffId}
            nextShiftId={week.nextShiftId}
            // The lock is the administrators' business; staff see unpublished days explained instead.
            lockedUntil={isAdmin ? lock.lockedUntil : null}
            onAdd={(staffId, date) => setEditor({ open: true, shift: null, staffId, date })}
            onOpen={(shift) =>
              setEditor({ open: true, shift, staffId: shift.staffId, date: shift.shiftDate })
            }
            onDrop={onDrop}
            onNote={(date, note) => setNoteEditor({ open: true, date, note })}
            onDelete={onDelete}
            marks={staffing.rowMarks}
            nameMarks={timeClock.nameMarks}
            dayMarks={staffing.dayMarks}
            rowsAbove={rowsAbove}
            onOffer={onOffer}
          />
        )}
      </>
    );
  }

  const ready = Boolean(team) && !staffQuery.isPending;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-2 sm:px-6 sm:py-8">
      <PageMeta title="Schedule" description="Your team's rota for the week." />
      <ScheduleHeader
        teamName={team?.teamName}
        teamId={team?.teamId ?? null}
        userId={user?.id ?? null}
        lockedUntil={isAdmin ? lock.lockedUntil : null}
        phone={phone}
        focus={focus}
        today={today}
        foreignTimeZone={foreignZone}
        weekStartDay={weekStartDay}
        dayView={dayView}
        compactTools={
          isAdmin && ready ? (
            <WeekTools
              compact
              canNotify={canNotify}
              onCopy={() => setConfirm('copy')}
              onClear={() => setConfirm('clear')}
              onLock={() => setLockOpen(true)}
              onNotify={() => setConfirm('notify')}
              staffing={staffing.tools}
              onAssistant={openAssistant}
            />
          ) : null
        }
      />
      {!phone && isAdmin && team ? (
        <WeekTools
          canNotify={canNotify}
          onCopy={() => setConfirm('copy')}
          onClear={() => setConfirm('clear')}
          onLock={() => setLockOpen(true)}
          onNotify={() => setConfirm('notify')}
          staffing={staffing.tools}
          onAssistant={openAssistant}
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
      {/* One tree open or closed, so the grid is not drawn anew when the assistant comes and goes. */}
      <div className={assistantBeside ? 'flex items-start gap-4' : undefined}>
        <div className={assistantBeside ? 'min-w-0 flex-1' : undefined}>{body}</div>
        {assistantPanel ? <Suspense fallback={null}>{assistantPanel}</Suspense> : null}
      </div>
      {team && onOffer ? (
        <OfferShiftDialog
          open={offerOpen}
          onOpenChange={setOfferOpen}
          teamId={teamId}
          shift={offering}
          staff={allStaff}
          shifts={allShifts}
          myStaffId={myStaffId}
          today={today}
          lockedUntil={lock.lockedUntil}
          onCallInSick={timeClock.callInSick ? (shift) => timeClock.callInSick?.(shift, null) : null}
        />
      ) : null}
      {openShifts.dialogs}
      {timeClock.dialogs}
      {team && isAdmin ? (
        <>
          <ScheduleAdminDialogs
            teamId={teamId}
            timeZone={team.timeZone}
            dates={dates}
            staff={staff}
            allStaff={allStaff}
            allShifts={allShifts}
            lock={lock}
            hasAttendance={hasAttendance}
            canNotify={canNotify}
            isOwner={isOwner}
            editor={editor}
            onEditorChange={setEditor}
            noteEditor={noteEditor}
            onNoteEditorChange={setNoteEditor}
            lockOpen={lockOpen}
            onLockOpenChange={setLockOpen}
            tool={confirm}
            onToolClose={() => setConfirm(null)}
            onChanged={onChanged}
            onInvalidate={() => void invalidate()}
            sickCall={timeClock.callInSick ? { from: addDays(today, -1), open: timeClock.callInSick } : null}
          />
          {staffing.panels}
        </>
      ) : null}
    </div>
  );
}

export default SchedulePage;
