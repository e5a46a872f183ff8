import type {
  RequestDto,
  RequestInput,
  RequestListResponse,
  ReviewInput,
} from '@rotaboard/core/contracts/requests';
import { REQUESTS_PAGE_SIZE } from '@rotaboard/core/requests/requests';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/requests`;

/** One page of a team's requests (keys under ['teams', id, 'requests'], refreshed by live events). */
export const requestsQueryOptions = (teamId: string, page: number, status: string | null) =>
  queryOptions({
    queryKey: ['teams', teamId, 'requests', page, status ?? 'all'],
    queryFn: () => {
      const params = new URLSearchParams({
        offset: String((page - 1) * REQUESTS_PAGE_SIZE),
        limit: String(REQUESTS_PAGE_SIZE),
      });
      if (status) params.set('status', status);
      return apiRequest<RequestListResponse>('GET', `${teamPath(teamId)}?${params}`);
    },
    placeholderData: keepPreviousData,
  });

function useInvalidateRequests(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'requests'] }),
      queryClient.invalidateQueries({ queryKey: ['notifications'] }),
    ]);
}

export function useCreateRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: (input: RequestInput) => apiRequest<RequestDto>('POST', teamPath(teamId), input),
    onSuccess: () => invalidate(),
  });
}

export function useReviewRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ...input }: ReviewInput & { requestId: string }) =>
      apiRequest<RequestDto>('PUT', `${teamPath(teamId)}/${encodeURIComponent(requestId)}/review`, input),
    onSuccess: () => {
      void invalidate();
      // Approved time off is in the schedule now.
      void queryClient.invalidateQueries({ queryKey: ['teams', teamId, 'shifts'] });
    },
  });
}

export function useCancelRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: (requestId: string) =>
      apiRequest<RequestDto>('PUT', `${teamPath(teamId)}/${encodeURIComponent(requestId)}/cancel`),
    onSuccess: () => invalidate(),
  });
}

/** The colleague a swap or give-away names accepts or declines it (issue 27). */
export function useRespondRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: ({ requestId, accept }: { requestId: string; accept: boolean }) =>
      apiRequest<RequestDto>('PUT', `${teamPath(teamId)}/${encodeURIComponent(requestId)}/respond`, {
        accept,
      }),
    onSuccess: () => invalidate(),
  });
}
