import type { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { isOvernight } from '@rotaboard/core/shifts/times';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { api, unwrap } from '../../../lib/api-client';
import { formatLongDate } from '../../../lib/dates';
import { queryKeys } from '../../../lib/query-keys';
import { chipTimeText } from '../../../lib/schedule-grid';
import type { WeekTimeClock, WeekTimeClockInput } from '../../../lib/schedule-slots';
import { useHour12 } from '../../../lib/time-format';

// Each loaded on its own when first drawn: none is in the schedule's first load (bench/bundle-size).
const ClockPanel = lazy(() => import('../components/clock-panel'));
const ClockedInMarker = lazy(() => import('../components/clocked-in-marker'));
const SickCallDialog = lazy(() => import('../components/sick-call-dialog'));

/** Who is clocked in is also read this often, should a live event be missed (the hub is down). */
const CLOCKED_IN_POLL_MS = 120_000;

/** Dated today, or begun yesterday and running past midnight. */
const worksToday = (shift: ShiftDto, today: string) =>
  shift.shiftDate === today ||
  (shift.startTime !== null && shift.endTime !== null && isOvernight(shift.startTime, shift.endTime));

/**
 * What the time clock gives the week (issue 44), on Pro: a member's clock for today and "Call in sick"
 * on their own upcoming shifts in the phone agenda (the clock first, above the agenda or the week); for
 * administrators, a mark on the rows of who is clocked in now, kept live by the `'time-clock'` events
 * (lib/realtime-policy.ts).
 */
export function useWeekTimeClock({
  teamId,
  enabled,
  isAdmin,
  zone,
  myStaffId,
  today,
  shifts,
  showsToday,
}: WeekTimeClockInput): WeekTimeClock {
  const hour12 = useHour12();
  // Written here rather than taken from lib/time-clock-api.ts: that module (the clock's and timesheets'
  // calls) stays out of the schedule's first load, which only ever needs this one read.
  const clockedIn = useQuery({
    queryKey: queryKeys.team(teamId).clockedIn(),
    queryFn: () => unwrap(api.GET('/api/teams/{id}/time-clock/now', { params: { path: { id: teamId } } })),
    enabled: enabled && isAdmin && Boolean(teamId),
    refetchInterval: CLOCKED_IN_POLL_MS,
  });
  const [sickShift, setSickShift] = useState<ShiftDto | null>(null);
  const [sickPerson, setSickPerson] = useState<string | null>(null);
  const [sickOpen, setSickOpen] = useState(false);
  const openSickCall = useCallback((shift: ShiftDto, personName: string | null) => {
    setSickShift(shift);
    setSickPerson(personName);
    setSickOpen(true);
  }, []);

  const nameMarks = useMemo(() => {
    if (!enabled || !isAdmin || !clockedIn.data) return null;
    const marks = new Map<string, ReactNode>();
    for (const entry of clockedIn.data.clockedIn) {
      marks.set(
        entry.staffId,
        <Suspense fallback={null}>
          <ClockedInMarker entry={entry} zone={zone} />
        </Suspense>,
      );
    }
    return marks;
  }, [enabled, isAdmin, clockedIn.data, zone]);

  // The clock's candidates: the member's own entries today and yesterday (an overnight shift begun
  // yesterday may still be running; the schedule reads a day either side of the week, so yesterday is
  // there even when the week starts today). The panel keeps those on today's clock (core's
  // shiftsOnTodaysClock).
  const yesterday = addDays(today, -1);
  const candidates = useMemo(
    () =>
      shifts.filter(
        (shift) =>
          shift.staffId === myStaffId &&
          !shift.isTimeOff &&
          (shift.shiftDate === today || shift.shiftDate === yesterday),
      ),
    [shifts, myStaffId, today, yesterday],
  );
  const member = enabled && !isAdmin && Boolean(myStaffId);
  // An administrator clocked in without a shift today (unscheduled time, or an entry left open since
  // yesterday) is on the list of who is clocked in: the clock stays on this team's week from then on,
  // so they can clock out here and then read "Clocked out at …" (not a panel that vanishes with it).
  // (Set while rendering: React draws again at once, before anything is shown.)
  const clockedInMyself =
    Boolean(myStaffId) && (clockedIn.data?.clockedIn.some((entry) => entry.staffId === myStaffId) ?? false);
  const [clockSeenFor, setClockSeenFor] = useState<string | null>(null);
  if (clockedInMyself && clockSeenFor !== teamId) setClockSeenFor(teamId);
  const keepsClock = clockSeenFor === teamId;
  // Owners and administrators who work shifts clock in too, on the days they work (and through the
  // night of a shift begun yesterday: the panel hides itself once that has ended, unless clocked in).
  const clocks =
    member ||
    (enabled && Boolean(myStaffId) && (candidates.some((shift) => worksToday(shift, today)) || keepsClock));
  const todayPanel =
    clocks && showsToday ? (
      <Suspense fallback={<div className="mb-3 h-28" aria-hidden="true" />}>
        <ClockPanel
          teamId={teamId}
          zone={zone}
          today={today}
          myStaffId={myStaffId ?? ''}
          shifts={candidates}
          hideWhenIdle={!member}
        />
      </Suspense>
    ) : null;

  const sickButton = useCallback(
    (shift: ShiftDto) =>
      shift.isTimeOff || shift.shiftDate < today ? null : (
        <Button
          size="sm"
          variant="outline"
          className="self-start"
          aria-haspopup="dialog"
          aria-label={`Call in sick for your ${chipTimeText(shift, hour12)} shift on ${formatLongDate(shift.shiftDate)}`}
          onClick={() => openSickCall(shift, null)}
        >
          Call in sick
        </Button>
      ),
    [today, hour12, openSickCall],
  );

  return {
    todayPanel,
    shiftAction: member ? sickButton : null,
    nameMarks,
    callInSick: enabled ? openSickCall : null,
    dialogs:
      enabled && sickShift ? (
        <Suspense fallback={null}>
          <SickCallDialog
            teamId={teamId}
            shift={sickShift}
            personName={sickPerson}
            open={sickOpen}
            onOpenChange={setSickOpen}
          />
        </Suspense>
      ) : null,
  };
}
