import type { DayNoteDto, DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import type { HistoryResponse, ShiftDto, ShiftInput, ShiftLock } from '@rotaboard/core/contracts/shifts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const team = (teamId: string) => ({ id: teamId });

export const weekShiftsQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).shifts(startDate, endDate),
    queryFn: (): Promise<ShiftDto[]> =>
      unwrap(
        api.GET('/api/teams/{id}/shifts', { params: { path: team(teamId), query: { startDate, endDate } } }),
      ),
  });

export const dayNotesQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).dayNotes(startDate, endDate),
    queryFn: (): Promise<DayNoteDto[]> =>
      unwrap(
        api.GET('/api/teams/{id}/day-notes', {
          params: { path: team(teamId), query: { startDate, endDate } },
        }),
      ),
  });

export type WeeklyHoursEntry = {
  entryId: string;
  staffId: string;
  hoursPerWeek: number;
  effectiveFrom: string;
};

export function useWeeklyHours(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.team(teamId).weeklyHours(),
    queryFn: (): Promise<WeeklyHoursEntry[]> =>
      unwrap(api.GET('/api/teams/{id}/weekly-hours', { params: { path: team(teamId) } })),
    enabled,
  });
}

/** The lock; a failed read counts as no lock (spec). */
export function useShiftLock(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.team(teamId).lockedUntil(),
    queryFn: async (): Promise<ShiftLock> => {
      try {
        return await unwrap(
          api.GET('/api/teams/{id}/shifts/locked-until', { params: { path: team(teamId) } }),
        );
      } catch {
        return { lockedUntil: null, hideScheduleAfterLock: false };
      }
    },
    enabled,
  });
}

/** The signed-in person's next shift, or null (the server answers null; an older one 404, spec 1 §7). */
export function useNextShift(teamId: string, date: string, time: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.team(teamId).nextShift(date, time),
    queryFn: async (): Promise<ShiftDto | null> => {
      try {
        return await unwrap(
          api.GET('/api/teams/{id}/shifts/next', {
            params: { path: team(teamId), query: { d: date, t: time } },
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
    // The key holds the time, which moves each minute: the last answer stays shown while the new one
    // is asked for, so the grid's mark does not go and come back every minute.
    placeholderData: keepPreviousData,
  });
}

const notify = (value: boolean) => ({ includeNotification: value ? ('true' as const) : ('false' as const) });

export function shiftCalls(teamId: string) {
  const path = team(teamId);
  const shift = (shiftId: string) => ({ ...path, shiftId });
  return {
    create: (input: ShiftInput, includeNotification = false): Promise<ShiftDto> =>
      unwrap(
        api.POST('/api/teams/{id}/shifts', {
          params: { path, query: notify(includeNotification) },
          body: input,
        }),
      ),
    update: (shiftId: string, input: ShiftInput, includeNotification = false): Promise<ShiftDto> =>
      unwrap(
        api.PUT('/api/teams/{id}/shifts/{shiftId}', {
          params: { path: shift(shiftId), query: notify(includeNotification) },
          body: input,
        }),
      ),
    remove: (shiftId: string, includeNotification = false) =>
      unwrap(
        api.DELETE('/api/teams/{id}/shifts/{shiftId}', {
          params: { path: shift(shiftId), query: notify(includeNotification) },
        }),
      ),
    copyWeek: (fromWeekStart: string, toWeekStart: string, includeTimeOff = false) =>
      unwrap(
        api.POST('/api/teams/{id}/shifts/copy-week', {
          params: { path },
          body: { fromWeekStart, toWeekStart, includeTimeOff },
        }),
      ),
    clearWeek: (weekStartDate: string) =>
      unwrap(api.POST('/api/teams/{id}/shifts/clear-week', { params: { path }, body: { weekStartDate } })),
    notifyWeek: (weekStartDate: string, weekEndDate: string) =>
      unwrap(
        api.POST('/api/teams/{id}/shifts/notify-week-updated', {
          params: { path },
          body: { weekStartDate, weekEndDate },
        }),
      ),
    history: (shiftId: string, offset: number, limit = 20): Promise<HistoryResponse> =>
      unwrap(
        api.GET('/api/teams/{id}/shifts/{shiftId}/history', {
          params: { path: shift(shiftId), query: { offset, limit } },
        }),
      ),
  };
}

/** The payload for re-creating or restoring an entry as it was. */
export function inputOf(shift: ShiftDto): ShiftInput {
  return {
    staffId: shift.staffId,
    shiftDate: shift.shiftDate,
    startTime: shift.startTime,
    endTime: shift.endTime,
    notes: shift.notes,
    notesVisibleToAll: shift.notesVisibleToAll,
    isTimeOff: shift.isTimeOff,
    timeOffDays: shift.timeOffDays,
    timeOffHours: shift.timeOffHours,
    colour: shift.colour,
    breakMinutes: shift.breakMinutes,
    attendanceAdjustments: shift.attendanceAdjustments,
  };
}

export function useInvalidateSchedule(teamId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).all });
}

/** What saving the lock came to: the spec's write never throws, but a refusal keeps its reason. */
export type SaveLockResult = { saved: true } | { saved: false; error: unknown };

/** PUT /shifts/locked-until: resolves `saved: false` on error (the spec swallows it), with the error. */
export function useSaveLock(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lock: ShiftLock): Promise<SaveLockResult> => {
      try {
        await api.PUT('/api/teams/{id}/shifts/locked-until', { params: { path: team(teamId) }, body: lock });
        return { saved: true };
      } catch (error) {
        return { saved: false, error };
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).lockedUntil() }),
  });
}

export function dayNoteCalls(teamId: string) {
  const path = team(teamId);
  return {
    create: (input: DayNoteInput): Promise<DayNoteDto> =>
      unwrap(api.POST('/api/teams/{id}/day-notes', { params: { path }, body: input })),
    update: (noteId: string, input: DayNoteInput): Promise<DayNoteDto> =>
      unwrap(
        api.PUT('/api/teams/{id}/day-notes/{noteId}', { params: { path: { ...path, noteId } }, body: input }),
      ),
    remove: (noteId: string) =>
      unwrap(api.DELETE('/api/teams/{id}/day-notes/{noteId}', { params: { path: { ...path, noteId } } })),
  };
}
