import type { GiveAwayInput, RequestDto, SwapInput } from '@rotaboard/core/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST …/requests as a swap or give-away of one's own shift (issue 27); refreshes requests and the bell. */
export function useOfferShift(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SwapInput | GiveAwayInput) =>
      apiRequest<RequestDto>('POST', `/api/teams/${encodeURIComponent(teamId)}/requests`, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'requests'] }),
        queryClient.invalidateQueries({ queryKey: ['notifications'] }),
      ]),
  });
}
