import type { Availability } from '@rotaboard/core/contracts/availability';
import type { AvailabilityDto } from '@rotaboard/core/contracts/availability-dto';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './api-client';
import { queryKeys } from './query-keys';

// Shared by Settings (one's own) and the staff page (an administrator's view): features never
// import each other, so the calls and the editor live in lib/ and components/.
const path = '/api/teams/{id}/staff/{staffId}/availability';
const params = (teamId: string, staffId: string) => ({ path: { id: teamId, staffId } });

export const availabilityQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).staffAvailability(staffId),
    queryFn: (): Promise<AvailabilityDto> => unwrap(api.GET(path, { params: params(teamId, staffId) })),
  });

/** PUT replaces the whole set; the answer is the stored set, put straight into the cache. */
export function useSaveAvailability(teamId: string, staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability): Promise<AvailabilityDto> =>
      unwrap(api.PUT(path, { params: params(teamId, staffId), body: input })),
    onSuccess: (saved) => queryClient.setQueryData(availabilityQueryOptions(teamId, staffId).queryKey, saved),
  });
}
