import type { MessageResponse } from '@rotaboard/core/contracts/common';
import type {
  ClaimResponse,
  OpenShiftDto,
  OpenShiftInput,
  OpenShiftListResponse,
} from '@rotaboard/core/contracts/open-shifts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { showApiError } from '../../../lib/show-api-error';
import { toast } from '../../../lib/toast';

const team = (teamId: string) => ({ id: teamId });

export const openShiftsQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    // The realtime policy refetches it on an 'open-shifts' change over these dates.
    queryKey: queryKeys.team(teamId).openShifts(startDate, endDate),
    queryFn: async () => {
      const list: OpenShiftListResponse = await unwrap(
        api.GET('/api/teams/{id}/open-shifts', {
          params: { path: team(teamId), query: { startDate, endDate } },
        }),
      );
      return list.openShifts;
    },
  });

/** Posting, deleting, claiming and deciding: each refetches the open shifts (and the week, on approval). */
export function useOpenShiftActions(teamId: string) {
  const queryClient = useQueryClient();
  const refetch = (alsoShifts = false) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).openShifts() });
    if (alsoShifts) void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).shifts() });
  };
  const post = useMutation({
    mutationFn: (input: OpenShiftInput): Promise<OpenShiftDto> =>
      unwrap(api.POST('/api/teams/{id}/open-shifts', { params: { path: team(teamId) }, body: input })),
    onSuccess: () => {
      toast.success('Open shift posted');
      refetch();
    },
  });
  const remove = useMutation({
    mutationFn: (openShiftId: string): Promise<MessageResponse> =>
      unwrap(
        api.DELETE('/api/teams/{id}/open-shifts/{openShiftId}', {
          params: { path: { id: teamId, openShiftId } },
        }),
      ),
    onSuccess: (result) => {
      toast.success(result.message);
      refetch();
    },
    onError: (error) => showApiError(error, 'Failed to delete the open shift.'),
  });
  const claim = useMutation({
    mutationFn: (openShiftId: string): Promise<ClaimResponse> =>
      unwrap(
        api.POST('/api/teams/{id}/open-shifts/{openShiftId}/claim', {
          params: { path: { id: teamId, openShiftId } },
        }),
      ),
    onSuccess: () => {
      toast.success('Claimed — your manager will approve or reject it');
      refetch();
    },
    onError: (error) => showApiError(error, 'Failed to claim the open shift.'),
  });
  const decide = useMutation({
    mutationFn: (vars: {
      openShiftId: string;
      claimId: string;
      status: 'approved' | 'rejected';
    }): Promise<OpenShiftDto> =>
      unwrap(
        api.PUT('/api/teams/{id}/open-shifts/{openShiftId}/claims/{claimId}', {
          params: { path: { id: teamId, openShiftId: vars.openShiftId, claimId: vars.claimId } },
          body: { status: vars.status },
        }),
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
