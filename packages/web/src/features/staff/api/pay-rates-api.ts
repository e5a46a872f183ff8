import type { PayRateDto, PayRateInput } from '@rotaboard/core/contracts/labour';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const path = (teamId: string, staffId: string) => ({ path: { id: teamId, staffId } });

/** One person's pay rates, newest first (issue 43): administrators any, staff only their own. */
export const payRatesQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).payRates(staffId),
    queryFn: async (): Promise<PayRateDto[]> =>
      (await unwrap(api.GET('/api/teams/{id}/staff/{staffId}/pay-rates', { params: path(teamId, staffId) })))
        .payRates,
  });

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
