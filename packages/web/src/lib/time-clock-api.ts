import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';
import type {
  ClockedInDto,
  ClockInResult,
  DaySettings,
  OpenTimesheetDto,
  SickCallResult,
  TimesheetDto,
  TimesheetEdit,
} from './time-clock';

/*
 * The time clock's, timesheets' and sick calls' calls (issue 44), shared by features/time-clock (the
 * staff agenda's clock, the grid's marks), features/timesheets and features/teams (day settings):
 * features never import each other. The answers' shapes are lib/time-clock.ts's.
 */

/** The caller's open entry (a member, for themself), null when not clocked in. */
export const myClockQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).myClock(),
    queryFn: async (): Promise<OpenTimesheetDto | null> => {
      const answer = await unwrap(
        api.GET('/api/teams/{id}/time-clock', { params: { path: { id: teamId } } }),
      );
      return answer.timesheet ?? null;
    },
  });

/** Who is clocked in now (owner and administrators; the schedule's grid reads it with the same key). */
export const clockedInQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).clockedIn(),
    queryFn: (): Promise<{ clockedIn: ClockedInDto[] }> =>
      unwrap(api.GET('/api/teams/{id}/time-clock/now', { params: { path: { id: teamId } } })),
  });

export type ClockAction = 'clock-in' | 'break-start' | 'break-end' | 'clock-out';

/**
 * Clock in, start or end a break, clock out: the server's clock decides the time. The open entry is
 * read again after each (clock-in answers only its id and time).
 */
export function useClockAction(teamId: string) {
  const queryClient = useQueryClient();
  const keys = queryKeys.team(teamId);
  return useMutation({
    mutationFn: ({
      action,
      shiftId,
    }: {
      action: ClockAction;
      shiftId?: string | null;
    }): Promise<ClockInResult | OpenTimesheetDto> => {
      const params = { path: { id: teamId } };
      switch (action) {
        case 'clock-in':
          return unwrap(
            api.POST('/api/teams/{id}/time-clock/clock-in', { params, body: shiftId ? { shiftId } : {} }),
          );
        case 'break-start':
          return unwrap(api.POST('/api/teams/{id}/time-clock/break-start', { params }));
        case 'break-end':
          return unwrap(api.POST('/api/teams/{id}/time-clock/break-end', { params }));
        case 'clock-out':
          return unwrap(api.POST('/api/teams/{id}/time-clock/clock-out', { params }));
      }
    },
    onSuccess: (answer, { action }) => {
      if (action === 'clock-out') queryClient.setQueryData(keys.myClock(), null);
      else if (action !== 'clock-in') queryClient.setQueryData(keys.myClock(), answer as OpenTimesheetDto);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.timeClock() }),
        // The clock panel sums up today's finished entries after a clock-out.
        queryClient.invalidateQueries({ queryKey: keys.timesheets() }),
      ]),
  });
}

export const timesheetsQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).timesheets(startDate, endDate),
    queryFn: (): Promise<{ timesheets: TimesheetDto[] }> =>
      unwrap(
        api.GET('/api/teams/{id}/timesheets', {
          params: { path: { id: teamId }, query: { startDate, endDate } },
        }),
      ),
  });

/** Edit, approve or reject one timesheet (owner and administrators). */
export function useTimesheetAction(teamId: string) {
  const queryClient = useQueryClient();
  const keys = queryKeys.team(teamId);
  return useMutation({
    mutationFn: (
      input:
        | { action: 'edit'; timesheetId: string; edit: TimesheetEdit }
        | { action: 'approve' | 'reject'; timesheetId: string },
    ): Promise<unknown> => {
      const params = { path: { id: teamId, timesheetId: input.timesheetId } };
      switch (input.action) {
        case 'edit':
          return unwrap(api.PUT('/api/teams/{id}/timesheets/{timesheetId}', { params, body: input.edit }));
        case 'approve':
          return unwrap(api.POST('/api/teams/{id}/timesheets/{timesheetId}/approve', { params }));
        case 'reject':
          return unwrap(api.POST('/api/teams/{id}/timesheets/{timesheetId}/reject', { params }));
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.timesheets() }),
        // Approved time is what the payroll counts as worked.
        queryClient.invalidateQueries({ queryKey: [...keys.all, 'reports', 'payroll'] }),
      ]),
  });
}

export const daySettingsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).daySettings(),
    queryFn: (): Promise<DaySettings> =>
      unwrap(api.GET('/api/teams/{id}/day-settings', { params: { path: { id: teamId } } })),
  });

export function useSaveDaySettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DaySettings): Promise<DaySettings> =>
      unwrap(api.PUT('/api/teams/{id}/day-settings', { params: { path: { id: teamId } }, body: input })),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.team(teamId).daySettings(), saved),
  });
}

/** A member calls in sick for their shift: it becomes time off, its place an open shift offered round. */
export function useCallInSick(teamId: string) {
  const queryClient = useQueryClient();
  const keys = queryKeys.team(teamId);
  return useMutation({
    mutationFn: ({ shiftId, note }: { shiftId: string; note: string }): Promise<SickCallResult> =>
      unwrap(
        api.POST('/api/teams/{id}/shifts/{shiftId}/sick', {
          params: { path: { id: teamId, shiftId } },
          body: note.trim() ? { note: note.trim() } : {},
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.shifts() }),
        queryClient.invalidateQueries({ queryKey: keys.openShifts() }),
      ]),
  });
}
