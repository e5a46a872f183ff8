import type { Availability } from '@rotaboard/core/contracts/availability';
import type { AvailabilityDto } from '@rotaboard/core/contracts/availability-dto';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client';

// Shared by Settings (one's own) and the staff page (an administrator's view): features never
// import each other, so the calls and the editor live in lib/ and components/.
const path = (teamId: string, staffId: string) =>
  `/api/teams/${encodeURIComponent(teamId)}/staff/${encodeURIComponent(staffId)}/availability`;

export const availabilityQueryOptions = (teamId: string, staffId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'availability', staffId] as const,
    queryFn: () => apiRequest<AvailabilityDto>('GET', path(teamId, staffId)),
  });

/** PUT replaces the whole set; the answer is the stored set, put straight into the cache. */
export function useSaveAvailability(teamId: string, staffId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Availability) => apiRequest<AvailabilityDto>('PUT', path(teamId, staffId), input),
    onSuccess: (saved) => queryClient.setQueryData(availabilityQueryOptions(teamId, staffId).queryKey, saved),
  });
}
