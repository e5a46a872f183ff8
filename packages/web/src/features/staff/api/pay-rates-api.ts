import type { PayRateInput } from '@rotaboard/core/contracts/labour';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export { payRatesQueryOptions } from '../../../lib/pay-rates';

const path = (teamId: string, staffId: string) => ({ path: { id: teamId, staffId } });

/** A rate added or deleted changes the person's list and what every week costs. */
function usePayRateMutation<TVariables, TResult>(
  teamId: string,
  staffId: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  const keys = queryKeys.team(teamId);
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.payRates(staffId) }),
        queryClient.invalidateQueries({ queryKey: keys.labour() }),
      ]),
  });
}

export function useAddPayRate(teamId: string, staffId: string) {
  return usePayRateMutation(teamId, staffId, (input: PayRateInput) =>
    unwrap(
      api.POST('/api/teams/{id}/staff/{staffId}/pay-rates', { params: path(teamId, staffId), body: input }),
    ),
  );
}

export function useDeletePayRate(teamId: string, staffId: string) {
  return usePayRateMutation(teamId, staffId, (payRateId: string) =>
    unwrap(
      api.DELETE('/api/teams/{id}/staff/{staffId}/pay-rates/{payRateId}', {
        params: { path: { id: teamId, staffId, payRateId } },
      }),
    ),
  );
}
