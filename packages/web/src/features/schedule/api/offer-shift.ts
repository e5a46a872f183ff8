import type { GiveAwayInput, RequestDto, SwapInput } from '@rotaboard/core/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST …/requests as a swap or give-away of one's own shift (issue 27); refreshes requests and the bell. */
export function useOfferShift(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SwapInput | GiveAwayInput): Promise<RequestDto> =>
      unwrap(api.POST('/api/teams/{id}/requests', { params: { path: { id: teamId } }, body: input })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).requests() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
      ]),
  });
}
