import type { CalendarFeedDto } from '@rotaboard/core/contracts/calendar';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/calendar/feed: the signed-in person's secret address, made on the first ask. */
export const calendarFeedQueryOptions = queryOptions({
  queryKey: ['calendar-feed'] as const,
  queryFn: () => apiRequest<CalendarFeedDto>('GET', '/api/calendar/feed'),
  // The address changes only by a reset made here, which writes the new one into the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /api/calendar/feed/reset: a new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeedDto>('POST', '/api/calendar/feed/reset'),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, feed),
  });
}
