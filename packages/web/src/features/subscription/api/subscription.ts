import type {
  CheckoutInput,
  DemoCheckoutDto,
  DemoPortalDto,
  RedirectResponse,
  SubscriptionDto,
} from '@rotaboard/core/contracts/subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

export const SUBSCRIPTION_QUERY_KEY = ['subscription', 'current'] as const;

const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: () => apiRequest<SubscriptionDto>('GET', '/api/subscriptions/current'),
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
      queryClient.invalidateQueries({ queryKey: ['teams'] }),
    ]);
  };
}

/** The browser leaves for the checkout page (Stripe's, or the demo provider's). */
export function useCheckout() {
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      apiRequest<RedirectResponse>('POST', '/api/subscriptions/checkout', input),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function usePortal() {
  return useMutation({
    mutationFn: (returnUrl: string) =>
      apiRequest<RedirectResponse>('POST', '/api/subscriptions/portal', { returnUrl }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const demoCheckout = (sessionId: string) =>
  apiRequest<DemoCheckoutDto>('GET', `/api/billing/demo/checkout/${encodeURIComponent(sessionId)}`);
export const payDemoCheckout = (sessionId: string) =>
  apiRequest<RedirectResponse>('POST', `/api/billing/demo/checkout/${encodeURIComponent(sessionId)}/pay`);
export const demoPortal = (sessionId: string) =>
  apiRequest<DemoPortalDto>('GET', `/api/billing/demo/portal/${encodeURIComponent(sessionId)}`);
export const setDemoCancelAtPeriodEnd = (sessionId: string, cancel: boolean) =>
  apiRequest<DemoPortalDto>(
    'PUT',
    `/api/billing/demo/portal/${encodeURIComponent(sessionId)}/cancel-at-period-end`,
    {
      cancel,
    },
  );
