import type { CalendarFeedDto } from '@rotaboard/core/contracts/calendar';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/calendar/feed: the signed-in person's secret address, made on the first ask. */
export const calendarFeedQueryOptions = queryOptions({
  queryKey: queryKeys.calendarFeed(),
  queryFn: (): Promise<CalendarFeedDto> => unwrap(api.GET('/api/calendar/feed')),
  // The address changes only by a reset made here, which writes the new one into the cache.
  staleTime: Number.POSITIVE_INFINITY,
});

/** POST /api/calendar/feed/reset: a new address; the old one stops working at once. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<CalendarFeedDto> => unwrap(api.POST('/api/calendar/feed/reset')),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions.queryKey, feed),
  });
}
