import type { DayNoteDto, DayNoteInput } from '@rotaboard/core/contracts/day-notes';
import type { HistoryResponse, ShiftDto, ShiftInput, ShiftLock } from '@rotaboard/core/contracts/shifts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

const base = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

export const shiftsKey = (teamId: string) => ['teams', teamId, 'shifts'] as const;

export const weekShiftsQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...shiftsKey(teamId), startDate, endDate],
    queryFn: () =>
      apiRequest<ShiftDto[]>('GET', `${base(teamId)}/shifts?startDate=${startDate}&endDate=${endDate}`),
  });

export const dayNotesQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'day-notes', startDate, endDate],
    queryFn: () =>
      apiRequest<DayNoteDto[]>('GET', `${base(teamId)}/day-notes?startDate=${startDate}&endDate=${endDate}`),
  });

export type WeeklyHoursEntry = {
  entryId: string;
  staffId: string;
  hoursPerWeek: number;
  effectiveFrom: string;
};

export function useWeeklyHours(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', teamId, 'weekly-hours'],
    queryFn: () => apiRequest<WeeklyHoursEntry[]>('GET', `${base(teamId)}/weekly-hours`),
    enabled,
  });
}

/** The lock; a failed read counts as no lock (spec). */
export function useShiftLock(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['teams', teamId, 'locked-until'],
    queryFn: async (): Promise<ShiftLock> => {
      try {
        return await apiRequest<ShiftLock>('GET', `${base(teamId)}/shifts/locked-until`);
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
    queryKey: ['teams', teamId, 'next-shift', date, time],
    queryFn: async () => {
      try {
        return await apiRequest<ShiftDto | null>('GET', `${base(teamId)}/shifts/next?d=${date}&t=${time}`);
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

const notify = (value: boolean) => `includeNotification=${value ? 'true' : 'false'}`;

export function shiftCalls(teamId: string) {
  return {
    create: (input: ShiftInput, includeNotification = false) =>
      apiRequest<ShiftDto>('POST', `${base(teamId)}/shifts?${notify(includeNotification)}`, input),
    update: (shiftId: string, input: ShiftInput, includeNotification = false) =>
      apiRequest<ShiftDto>(
        'PUT',
        `${base(teamId)}/shifts/${encodeURIComponent(shiftId)}?${notify(includeNotification)}`,
        input,
      ),
    remove: (shiftId: string, includeNotification = false) =>
      apiRequest<void>(
        'DELETE',
        `${base(teamId)}/shifts/${encodeURIComponent(shiftId)}?${notify(includeNotification)}`,
      ),
    copyWeek: (fromWeekStart: string, toWeekStart: string, includeTimeOff = false) =>
      apiRequest<{ message: string; copied: number; skipped: number }>(
        'POST',
        `${base(teamId)}/shifts/copy-week`,
        { fromWeekStart, toWeekStart, includeTimeOff },
      ),
    clearWeek: (weekStartDate: string) =>
      apiRequest<{ message: string; deleted: number }>('POST', `${base(teamId)}/shifts/clear-week`, {
        weekStartDate,
      }),
    notifyWeek: (weekStartDate: string, weekEndDate: string) =>
      apiRequest<{ message: string; notifiedCount: number }>(
        'POST',
        `${base(teamId)}/shifts/notify-week-updated`,
        { weekStartDate, weekEndDate },
      ),
    history: (shiftId: string, offset: number, limit = 20) =>
      apiRequest<HistoryResponse>(
        'GET',
        `${base(teamId)}/shifts/${encodeURIComponent(shiftId)}/history?offset=${offset}&limit=${limit}`,
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
  return () => queryClient.invalidateQueries({ queryKey: ['teams', teamId] });
}

/** What saving the lock came to: the spec's write never throws, but a refusal keeps its reason. */
export type SaveLockResult = { saved: true } | { saved: false; error: unknown };

/** PUT /shifts/locked-until: resolves `saved: false` on error (the spec swallows it), with the error. */
export function useSaveLock(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (lock: ShiftLock): Promise<SaveLockResult> => {
      try {
        await apiRequest('PUT', `${base(teamId)}/shifts/locked-until`, lock);
        return { saved: true };
      } catch (error) {
        return { saved: false, error };
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'locked-until'] }),
  });
}

export function dayNoteCalls(teamId: string) {
  return {
    create: (input: DayNoteInput) => apiRequest<DayNoteDto>('POST', `${base(teamId)}/day-notes`, input),
    update: (noteId: string, input: DayNoteInput) =>
      apiRequest<DayNoteDto>('PUT', `${base(teamId)}/day-notes/${encodeURIComponent(noteId)}`, input),
    remove: (noteId: string) =>
      apiRequest<void>('DELETE', `${base(teamId)}/day-notes/${encodeURIComponent(noteId)}`),
  };
}
