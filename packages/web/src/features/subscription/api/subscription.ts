import type {
  CheckoutInput,
  DemoCheckoutDto,
  DemoPortalDto,
  RedirectResponse,
  SubscriptionDto,
} from '@rotaboard/core/contracts/subscriptions';
import type { Currency } from '@rotaboard/core/regions/regions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';

export const SUBSCRIPTION_QUERY_KEY = queryKeys.subscription();

const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: (): Promise<SubscriptionDto> => unwrap(api.GET('/api/subscriptions/current')),
  });

/** GET /api/subscriptions/current while signed in (and `wanted`). */
export function useSubscription(wanted = true) {
  const { status } = useAuth();
  return useQuery({
    ...subscriptionQueryOptions(),
    enabled: status === 'loggedIn' && wanted,
    staleTime: 60_000,
  });
}

/** Re-reads the subscription and the session (whose user carries the tier every page checks). */
export function useRefreshSubscription() {
  const queryClient = useQueryClient();
  const { refresh } = useAuth();
  return async () => {
    await Promise.all([
      queryClient.fetchQuery({
        ...subscriptionQueryOptions(),
        // Always from the server: this is what Refresh Status means.
        staleTime: 0,
      }),
      refresh(),
      // Teams carry their owner's tier (limits, Pro features).
      queryClient.invalidateQueries({ queryKey: queryKeys.teams() }),
    ]);
  };
}

/** The browser leaves for the checkout page (Stripe's, or the demo provider's). */
export function useCheckout() {
  return useMutation({
    // Core's CheckoutInput types the currency as any string; the document (and the server) take one
    // of the regions' currencies, which is what the page sends.
    mutationFn: (
      input: Omit<CheckoutInput, 'currency'> & { currency: Currency },
    ): Promise<RedirectResponse> => unwrap(api.POST('/api/subscriptions/checkout', { body: input })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: (returnUrl: string): Promise<RedirectResponse> =>
      unwrap(api.POST('/api/subscriptions/portal', { body: { returnUrl } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

const session = (sessionId: string) => ({ path: { sessionId } });
export const demoCheckout = (sessionId: string): Promise<DemoCheckoutDto> =>
  unwrap(api.GET('/api/billing/demo/checkout/{sessionId}', { params: session(sessionId) }));
export const payDemoCheckout = (sessionId: string): Promise<RedirectResponse> =>
  unwrap(api.POST('/api/billing/demo/checkout/{sessionId}/pay', { params: session(sessionId) }));
export const demoPortal = (sessionId: string): Promise<DemoPortalDto> =>
  unwrap(api.GET('/api/billing/demo/portal/{sessionId}', { params: session(sessionId) }));
export const setDemoCancelAtPeriodEnd = (sessionId: string, cancel: boolean): Promise<DemoPortalDto> =>
  unwrap(
    api.PUT('/api/billing/demo/portal/{sessionId}/cancel-at-period-end', {
      params: session(sessionId),
      body: { cancel },
    }),
  );
