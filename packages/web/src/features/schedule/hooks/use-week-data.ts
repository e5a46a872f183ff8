import { addDays } from '@rotaboard/core/dates/week';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { teamStaffQueryOptions } from '../../../lib/teams';
import {
  dayNotesQueryOptions,
  useNextShift,
  useShiftLock,
  useWeeklyHours,
  weekShiftsQueryOptions,
} from '../api/schedule-api';
import { weekRota } from '../utils/week-rota';

/**
 * What the schedule reads for the week on screen: the staff, the week's shifts (and a day either
 * side, so overnight shifts count in the clash check), its day notes, the lock, contracted hours
 * (administrators), the viewer's next shift, the team's roles, and who is on the week with their
 * hours and the day totals (`search` filters the rows).
 */
export function useWeekData({
  teamId,
  enabled,
  isAdmin,
  userId,
  dates,
  today,
  time,
  search,
}: {
  teamId: string;
  enabled: boolean;
  isAdmin: boolean;
  userId: string | null;
  dates: readonly string[];
  today: string;
  time: string;
  search: string;
}) {
  const start = dates[0]!;
  const end = dates[dates.length - 1]!;
  const staffQuery = useQuery({ ...teamStaffQueryOptions(teamId), enabled });
  const shiftsQuery = useQuery({
    ...weekShiftsQueryOptions(teamId, addDays(start, -1), addDays(end, 1)),
    enabled,
  });
  const notesQuery = useQuery({ ...dayNotesQueryOptions(teamId, start, end), enabled });
  const lockQuery = useShiftLock(teamId, enabled);
  const hoursQuery = useWeeklyHours(teamId, enabled && isAdmin);
  const allStaff = staffQuery.data ?? [];
  const myStaffId = allStaff.find((member) => userId && member.userId === userId)?.staffId ?? null;
  const nextQuery = useNextShift(teamId, today, time, enabled && Boolean(myStaffId));
  const roles = useMemo(
    () => [...new Set((staffQuery.data ?? []).map((member) => member.role.trim()).filter(Boolean))].sort(),
    [staffQuery.data],
  );
  const rota = useMemo(
    () => weekRota(staffQuery.data ?? [], shiftsQuery.data ?? [], hoursQuery.data ?? [], dates, search),
    [staffQuery.data, shiftsQuery.data, hoursQuery.data, dates, search],
  );
  return {
    staffQuery,
    shiftsQuery,
    notes: notesQuery.data ?? [],
    lock: lockQuery.data ?? { lockedUntil: null, hideScheduleAfterLock: false },
    allStaff,
    allShifts: shiftsQuery.data ?? [],
    myStaffId,
    nextShiftId: nextQuery.data?.shiftId ?? null,
    roles,
    ...rota,
  };
}
