import type { MessageResponse } from '@rotaboard/core/contracts/common';
import type {
  ClaimResponse,
  OpenShiftDto,
  OpenShiftInput,
  OpenShiftListResponse,
} from '@rotaboard/core/contracts/open-shifts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';

const base = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/open-shifts`;

/** ['teams', id, 'open-shifts', from, to]: the realtime policy refetches it on an 'open-shifts' change. */
export const openShiftsKey = (teamId: string) => ['teams', teamId, 'open-shifts'] as const;

export const openShiftsQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...openShiftsKey(teamId), startDate, endDate],
    queryFn: async () =>
      (
        await apiRequest<OpenShiftListResponse>(
          'GET',
          `${base(teamId)}?startDate=${startDate}&endDate=${endDate}`,
        )
      ).openShifts,
  });

/** Posting, deleting, claiming and deciding: each refetches the open shifts (and the week, on approval). */
export function useOpenShiftActions(teamId: string) {
  const queryClient = useQueryClient();
  const refetch = (alsoShifts = false) => {
    void queryClient.invalidateQueries({ queryKey: openShiftsKey(teamId) });
    if (alsoShifts) void queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'shifts'] });
  };
  const post = useMutation({
    mutationFn: (input: OpenShiftInput) => apiRequest<OpenShiftDto>('POST', base(teamId), input),
    onSuccess: () => {
      toast.success('Open shift posted');
      refetch();
    },
  });
  const remove = useMutation({
    mutationFn: (openShiftId: string) =>
      apiRequest<MessageResponse>('DELETE', `${base(teamId)}/${encodeURIComponent(openShiftId)}`),
    onSuccess: (result) => {
      toast.success(result.message);
      refetch();
    },
    onError: (error) => showApiError(error, 'Failed to delete the open shift.'),
  });
  const claim = useMutation({
    mutationFn: (openShiftId: string) =>
      apiRequest<ClaimResponse>('POST', `${base(teamId)}/${encodeURIComponent(openShiftId)}/claim`),
    onSuccess: () => {
      toast.success('Claimed — your manager will approve or reject it');
      refetch();
    },
    onError: (error) => showApiError(error, 'Failed to claim the open shift.'),
  });
  const decide = useMutation({
    mutationFn: (vars: { openShiftId: string; claimId: string; status: 'approved' | 'rejected' }) =>
      apiRequest<OpenShiftDto>(
        'PUT',
        `${base(teamId)}/${encodeURIComponent(vars.openShiftId)}/claims/${encodeURIComponent(vars.claimId)}`,
        { status: vars.status },
      ),
    onSuccess: (_result, vars) => {
      toast.success(
        vars.status === 'approved' ? 'Claim approved: the shift is on the rota' : 'Claim rejected',
      );
      refetch(vars.status === 'approved');
    },
    onError: (error) => showApiError(error, 'Failed to decide the claim.'),
  });
  return { post, remove, claim, decide };
}
export type OpenShiftActions = ReturnType<typeof useOpenShiftActions>;
