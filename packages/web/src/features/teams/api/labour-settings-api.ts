import type { LabourSettings } from '@rotaboard/core/contracts/labour';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The team's weekly budget and overtime rule (issue 43; owner and administrators, Pro). */
export const labourSettingsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).labourSettings(),
    queryFn: (): Promise<LabourSettings> =>
      unwrap(api.GET('/api/teams/{id}/labour-settings', { params: { path: { id: teamId } } })),
  });

/** Saved settings change every week's cost and its bar. */
export function useSaveLabourSettings(teamId: string) {
  const queryClient = useQueryClient();
  const keys = queryKeys.team(teamId);
  return useMutation({
    mutationFn: (input: LabourSettings): Promise<LabourSettings> =>
      unwrap(api.PUT('/api/teams/{id}/labour-settings', { params: { path: { id: teamId } }, body: input })),
    onSuccess: (saved) => queryClient.setQueryData(keys.labourSettings(), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.labour() }),
  });
}
