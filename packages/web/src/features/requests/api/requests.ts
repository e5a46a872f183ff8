import type {
  NotificationsResponse,
  RequestDto,
  RequestInput,
  RequestListResponse,
  ReviewInput,
} from '@rotaboard/core/contracts/requests';
import { REQUESTS_PAGE_SIZE } from '@rotaboard/core/requests/requests';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

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

/** Spec 2 §9: polled every 180 s while signed in; live request events refresh it at once. */
export const NOTIFICATION_POLL_MS = 180_000;

export function useNotifications() {
  const { status } = useAuth();
  return useQuery({
    queryKey: ['notifications'],
    queryFn: () => apiRequest<NotificationsResponse>('GET', '/api/notifications'),
    enabled: status === 'loggedIn',
    refetchInterval: NOTIFICATION_POLL_MS,
    // Fetch errors are only logged (spec 2 §8): the bell keeps what it had.
    retry: false,
  });
}
