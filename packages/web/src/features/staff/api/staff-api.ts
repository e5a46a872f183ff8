import type { MessageResponse } from '@rotaboard/core/contracts/common';
import type {
  CreateStaffInput,
  RemoveStaffResponse,
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
import { apiRequest } from '../../../lib/api-client';
import { teamStaffQueryOptions } from '../../../lib/teams';

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const staffPath = (teamId: string, staffId: string) =>
  `${teamPath(teamId)}/staff/${encodeURIComponent(staffId)}`;

/** Counts against the plan. Under the staff list's key, so every staff change refreshes it too. */
export const staffLimitsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: [...teamStaffQueryOptions(teamId).queryKey, 'limits'] as const,
    queryFn: () => apiRequest<StaffLimitsResponse>('GET', `${teamPath(teamId)}/staff/limits`),
  });

export const weeklyHoursQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'weekly-hours', staffId] as const,
    queryFn: () =>
      apiRequest<WeeklyHoursEntryDto[]>(
        'GET',
        `${teamPath(teamId)}/weekly-hours?staffId=${encodeURIComponent(staffId)}`,
      ),
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
    apiRequest<StaffDto>('POST', `${teamPath(teamId)}/staff`, input),
  );
}

export function useUpdateStaff(teamId: string) {
  return useStaffMutation(teamId, ({ staffId, input }: { staffId: string; input: UpdateStaffInput }) =>
    apiRequest<StaffDto>('PUT', staffPath(teamId, staffId), input),
  );
}

/** With a future `leavingDate` the person is marked as leaving; without one they are removed now. */
export function useRemoveStaff(teamId: string) {
  return useStaffMutation(teamId, ({ staffId, leavingDate }: { staffId: string; leavingDate?: string }) =>
    apiRequest<RemoveStaffResponse>(
      'DELETE',
      `${staffPath(teamId, staffId)}${leavingDate ? `?leavingDate=${encodeURIComponent(leavingDate)}` : ''}`,
    ),
  );
}

export function useCancelLeaving(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    apiRequest<StaffDto>('POST', `${staffPath(teamId, staffId)}/cancel-leaving`, {}),
  );
}

export function useInviteStaff(teamId: string) {
  return useStaffMutation(teamId, (input: { staffId: string; email: string }) =>
    apiRequest<StaffDto>('POST', `${teamPath(teamId)}/invite`, input),
  );
}

export function useResendInvite(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    apiRequest<StaffDto>('POST', `${teamPath(teamId)}/resend-invite`, { staffId }),
  );
}

export function useRevokeInvite(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    apiRequest<StaffDto>('DELETE', `${teamPath(teamId)}/invite`, { staffId }),
  );
}

/** Takes away a member's sign-in access to the team; they stay on the staff list. */
export function useRemoveAccess(teamId: string) {
  return useStaffMutation(teamId, (staffId: string) =>
    apiRequest<StaffDto>('DELETE', `${teamPath(teamId)}/access`, { staffId }),
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
    mutationFn: (ordered: StaffDto[]) =>
      apiRequest<StaffDto[]>('POST', `${teamPath(teamId)}/staff/order`, {
        staffIds: ordered.map((member) => member.staffId),
      }),
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
    apiRequest<WeeklyHoursEntryDto>('POST', `${teamPath(teamId)}/weekly-hours`, input),
  );
}

export function useUpdateWeeklyHours(teamId: string, staffId: string) {
  return useWeeklyHoursMutation(
    teamId,
    staffId,
    ({ entryId, input }: { entryId: string; input: UpdateWeeklyHoursInput }) =>
      apiRequest<WeeklyHoursEntryDto>(
        'PUT',
        `${teamPath(teamId)}/weekly-hours/${encodeURIComponent(entryId)}`,
        input,
      ),
  );
}

export function useDeleteWeeklyHours(teamId: string, staffId: string) {
  return useWeeklyHoursMutation(teamId, staffId, (entryId: string) =>
    apiRequest<MessageResponse>('DELETE', `${teamPath(teamId)}/weekly-hours/${encodeURIComponent(entryId)}`),
  );
}
