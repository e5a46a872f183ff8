import type {
  RequestDto,
  RequestInput,
  RequestListResponse,
  ReviewInput,
} from '@rotaboard/core/contracts/requests';
import { REQUESTS_PAGE_SIZE, type RequestStatus } from '@rotaboard/core/requests/requests';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const team = (teamId: string) => ({ path: { id: teamId } });
const request = (teamId: string, requestId: string) => ({ path: { id: teamId, requestId } });

/** One page of a team's requests (keys under ['teams', id, 'requests'], refreshed by live events). */
export const requestsQueryOptions = (teamId: string, page: number, status: string | null) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).requests(page, status),
    queryFn: (): Promise<RequestListResponse> =>
      unwrap(
        api.GET('/api/teams/{id}/requests', {
          params: {
            ...team(teamId),
            query: {
              offset: (page - 1) * REQUESTS_PAGE_SIZE,
              limit: REQUESTS_PAGE_SIZE,
              // The filter as the page read it from its address; the server refuses an unknown one.
              ...(status ? { status: status as RequestStatus } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });

function useInvalidateRequests(teamId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).requests() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications() }),
    ]);
}

export function useCreateRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: (input: RequestInput): Promise<RequestDto> =>
      unwrap(api.POST('/api/teams/{id}/requests', { params: team(teamId), body: input })),
    onSuccess: () => invalidate(),
  });
}

export function useReviewRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, ...input }: ReviewInput & { requestId: string }): Promise<RequestDto> =>
      unwrap(
        api.PUT('/api/teams/{id}/requests/{requestId}/review', {
          params: request(teamId, requestId),
          body: input,
        }),
      ),
    onSuccess: () => {
      void invalidate();
      // Approved time off is in the schedule now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).shifts() });
    },
  });
}

export function useCancelRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: (requestId: string): Promise<RequestDto> =>
      unwrap(api.PUT('/api/teams/{id}/requests/{requestId}/cancel', { params: request(teamId, requestId) })),
    onSuccess: () => invalidate(),
  });
}

/** The colleague a swap or give-away names accepts or declines it (issue 27). */
export function useRespondRequest(teamId: string) {
  const invalidate = useInvalidateRequests(teamId);
  return useMutation({
    mutationFn: ({ requestId, accept }: { requestId: string; accept: boolean }): Promise<RequestDto> =>
      unwrap(
        api.PUT('/api/teams/{id}/requests/{requestId}/respond', {
          params: request(teamId, requestId),
          body: { accept },
        }),
      ),
    onSuccess: () => invalidate(),
  });
}
