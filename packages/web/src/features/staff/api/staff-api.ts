import type {
  CreateStaffInput,
  StaffDto,
  StaffLimitsResponse,
  UpdateStaffInput,
} from '@rotaboard/core/contracts/staff';
import type {
  CreateWeeklyHoursInput,
  UpdateWeeklyHoursInput,
  WeeklyHoursEntryDto,
} from '@rotaboard/core/contracts/weekly-hours';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { teamStaffQueryOptions } from '../../../lib/teams';

const team = (teamId: string) => ({ path: { id: teamId } });
const member = (teamId: string, staffId: string) => ({ path: { id: teamId, staffId } });

/** Counts against the plan. Under the staff list's key, so every staff change refreshes it too. */
export const staffLimitsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).staffLimits(),
    queryFn: (): Promise<StaffLimitsResponse> =>
      unwrap(api.GET('/api/teams/{id}/staff/limits', { params: team(teamId) })),
  });

export const weeklyHoursQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).weeklyHours(staffId),
    queryFn: (): Promise<WeeklyHoursEntryDto[]> =>
      unwrap(api.GET('/api/teams/{id}/weekly-hours', { params: { ...team(teamId), query: { staffId } } })),
  });

/** A call that changes the staff list; the list (and the limits) are read again afterwards. */
function useStaffMutation<TVariables, TResult>(
  teamId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamStaffQueryOptions(teamId).queryKey }),
  });
}

export function useAddStaff(teamId: string) {
  return useStaffMutation(teamId, (input: CreateStaffInput) =>
    unwrap(api.POST('/api/teams/{id}/staff', { params: team(teamId), body: input })),
  );
}

export function useUpdateStaff(teamId: string) {
  return useStaffMutation(teamId, ({ staffId, input }: { staffId: string; input: UpdateStaffInput }) =>
    unwrap(api.PUT('/api/teams/{id}/staff/{staffId}', { params: member(teamId, staffId), body: input })),
  );
}

/** With a future `leavingDate` the person is marked as leaving; without one they are removed now. */
export function useRemoveStaff(teamId: string) {
  return useStaffMutation(teamId, ({ staffId, leavingDate }: { staffId: string; leavingDate?: string }) =>
    unwrap(
      api.DELETE('/api/teams/{id}/staff/{staffId}', {
        params: { ...member(teamId, staffId), query: leavingDate ? { leavingDate } : {} },
      }),
    ),
  );
}

export function useCancelLeaving(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    unwrap(api.POST('/api/teams/{id}/staff/{staffId}/cancel-leaving', { params: member(teamId, staffId) })),
  );
}

export function useInviteStaff(teamId: string) {
  return useStaffMutation(teamId, (input: { staffId: string; email: string }) =>
    unwrap(api.POST('/api/teams/{id}/invite', { params: team(teamId), body: input })),
  );
}

export function useResendInvite(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    unwrap(api.POST('/api/teams/{id}/resend-invite', { params: team(teamId), body: { staffId } })),
  );
}

export function useRevokeInvite(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    unwrap(api.DELETE('/api/teams/{id}/invite', { params: team(teamId), body: { staffId } })),
  );
}

/** Takes away a member's sign-in access to the team; they stay on the staff list. */
export function useRemoveAccess(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    unwrap(api.DELETE('/api/teams/{id}/access', { params: team(teamId), body: { staffId } })),
  );
}

/**
 * POST /staff/order with every id in the new order. The list shows the new order at once and goes
 * back to the old one if the server refuses.
 */
export function useReorderStaff(teamId: string) {
  const queryClient = useQueryClient();
  const key = teamStaffQueryOptions(teamId).queryKey;
  return useMutation({
    mutationFn: (ordered: StaffDto[]): Promise<StaffDto[]> =>
      unwrap(
        api.POST('/api/teams/{id}/staff/order', {
          params: team(teamId),
          body: { staffIds: ordered.map((person) => person.staffId) },
        }),
      ),
    onMutate: async (ordered) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, ordered);
      return { previous };
    },
    onError: (_error, _ordered, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key, exact: true }),
  });
}

function useWeeklyHoursMutation<TVariables, TResult>(
  teamId: string,
  staffId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: weeklyHoursQueryOptions(teamId, staffId).queryKey }),
  });
}

export function useAddWeeklyHours(teamId: string, staffId: string) {
  return useWeeklyHoursMutation(teamId, staffId, (input: CreateWeeklyHoursInput) =>
    unwrap(api.POST('/api/teams/{id}/weekly-hours', { params: team(teamId), body: input })),
  );
}

export function useUpdateWeeklyHours(teamId: string, staffId: string) {
  return useWeeklyHoursMutation(
    teamId,
    staffId,
    ({ entryId, input }: { entryId: string; input: UpdateWeeklyHoursInput }) =>
      unwrap(
        api.PUT('/api/teams/{id}/weekly-hours/{entryId}', {
          params: { path: { id: teamId, entryId } },
          body: input,
        }),
      ),
  );
}

export function useDeleteWeeklyHours(teamId: string, staffId: string) {
  return useWeeklyHoursMutation(teamId, staffId, (entryId: string) =>
    unwrap(
      api.DELETE('/api/teams/{id}/weekly-hours/{entryId}', { params: { path: { id: teamId, entryId } } }),
    ),
  );
}
