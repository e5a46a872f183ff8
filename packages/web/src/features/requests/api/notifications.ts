import type { NotificationsResponse } from '@rotaboard/core/contracts/requests';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';

/** Spec 2 §9: polled every 180 s while signed in; live request events refresh it at once. */
export const NOTIFICATION_POLL_MS = 180_000;

export function useNotifications() {
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.notifications(),
    queryFn: (): Promise<NotificationsResponse> => unwrap(api.GET('/api/notifications')),
    enabled: status === 'loggedIn',
    refetchInterval: NOTIFICATION_POLL_MS,
    // Fetch errors are only logged (spec 2 §8): the bell keeps what it had.
    retry: false,
  });
}
