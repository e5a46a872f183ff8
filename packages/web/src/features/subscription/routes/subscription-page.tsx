import type { SubscriptionDto } from '@rotaboard/core/contracts/subscriptions';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { formatMonthlyPrice, REGIONS } from '@rotaboard/core/regions/regions';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageMeta } from '../../../components/page-meta';
import { PlanComparison } from '../../../components/plan-comparison';
import { RegionSelect } from '../../../components/region-select';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { toast } from '../../../lib/toast';
import { useCheckout, usePortal, useRefreshSubscription, useSubscription } from '../api/subscription';
import { formatBillingDate } from '../components/billing-dates';

// Spec 2 §8: the subscription screen's three error texts.
const CHECKOUT_FAILED = 'Failed to start checkout process';
const PORTAL_FAILED = 'Failed to open subscription management portal';
const REFRESH_FAILED = 'Failed to refresh subscription status';

/** The §8 text, with the server's own sentence beneath when it gave one (a 4xx says why). */
function toastFailure(title: string, error: unknown) {
  if (isApiError(error) && error.sessionEnded) return;
  const detail = isApiError(error) && error.status > 0 && error.status < 500 ? errorMessage(error, '') : '';
  toast.error(title, detail ? { description: detail } : undefined);
}

function statusLine(subscription: SubscriptionDto): string {
  if (subscription.complimentary) return 'Pro is included with your account: there is nothing to pay.';
  if (!planOf(subscription.tier).paid) {
    return subscription.status === 'cancelled' || subscription.status === 'active'
      ? 'Your Pro subscription has ended. Your teams and data are all still here.'
      : 'You are on the Free plan.';
  }
  const end = subscription.currentPeriodEnd ? formatBillingDate(subscription.currentPeriodEnd) : null;
  if (subscription.status === 'past_due') return 'Your last payment failed.';
  if (subscription.cancelAtPeriodEnd)
    return end ? `Pro is cancelled and ends on ${end}.` : 'Pro is cancelled.';
  return end ? `Pro renews on ${end}.` : 'Pro is active.';
}

export function SubscriptionPage() {
  const subscription = useSubscription();
  const refreshAll = useRefreshSubscription();
  const checkout = useCheckout();
  const portal = usePortal();
  const region = useRegion();
  const selectId = useId();
  const [refreshing, setRefreshing] = useState(false);
  const [params, setParams] = useSearchParams();
  const handledFlags = useRef(false);

  // Back from checkout: say what happened, refresh what the tier decides, then clean the address.
  useEffect(() => {
    if (handledFlags.current) return;
    const success = params.get('checkout_success') !== null;
    const cancelled = params.get('checkout_cancelled') !== null;
    if (!success && !cancelled) return;
    handledFlags.current = true;
    if (success) {
      toast.success('Welcome to Pro! Your subscription is active.');
      refreshAll().catch((error: unknown) => toastFailure(REFRESH_FAILED, error));
    } else {
      toast.info('Checkout cancelled. Nothing was charged.');
    }
    const next = new URLSearchParams(params);
    next.delete('checkout_success');
    next.delete('checkout_cancelled');
    setParams(next, { replace: true });
  }, [params, setParams, refreshAll]);

  const here = `${window.location.origin}/subscription`;
  const startCheckout = () =>
    checkout.mutate(
      {
        successUrl: `${here}?checkout_success=true`,
        cancelUrl: `${here}?checkout_cancelled=true`,
        currency: REGIONS[region].currency,
      },
      { onError: (error) => toastFailure(CHECKOUT_FAILED, error) },
    );
  const openPortal = () => portal.mutate(here, { onError: (error) => toastFailure(PORTAL_FAILED, error) });
  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshAll();
      toast.success('Subscription status is up to date.');
    } catch (error) {
      toastFailure(REFRESH_FAILED, error);
    } finally {
      setRefreshing(false);
    }
  };

  const data = subscription.data;
  const paid = data ? planOf(data.tier).paid : false;
  const redirecting = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageMeta title="Subscription" description="Your plan, what Pro adds, and your subscription." />
      <PageHeader title="Subscription" description="Your plan and what each plan includes." />
      {subscription.isPending ? (
        <PageSpinner label="Loading your subscription" />
      ) : subscription.isError || !data ? (
        <Alert variant="destructive" role="alert">
          <div>
            <AlertTitle>{REFRESH_FAILED}</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => subscription.refetch()}>
                Try again
              </Button>
            </AlertDescription>
          </div>
        </Alert>
      ) : (
        <div className="space-y-6">
          {data.status === 'past_due' && paid && data.graceEndsAt ? (
            <Alert variant="warning" role="status">
              <div>
                <AlertTitle>Your last payment failed</AlertTitle>
                <AlertDescription>
                  Pro stays on until {formatBillingDate(data.graceEndsAt)} while the payment is retried.
                  Update your card in Manage Subscription to keep it.
                </AlertDescription>
              </div>
            </Alert>
          ) : null}
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <CardTitle>Your plan</CardTitle>
                <Badge variant={paid ? 'default' : 'secondary'} data-testid="current-plan">
                  {planOf(data.tier).label}
                </Badge>
                {data.cancelAtPeriodEnd && paid ? <Badge variant="warning">Cancelled</Badge> : null}
              </div>
              <CardDescription data-testid="subscription-status">{statusLine(data)}</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              {!paid ? (
                <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
                  <div className="space-y-2 sm:w-64">
                    <Label htmlFor={selectId}>Currency</Label>
                    <RegionSelect id={selectId} />
                  </div>
                  <p className="text-2xl font-semibold" aria-live="polite">
                    {formatMonthlyPrice(region)}
                  </p>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                {!paid ? (
                  <Button onClick={startCheckout} disabled={redirecting}>
                    {checkout.isPending || checkout.isSuccess ? <Spinner className="size-4" /> : null}
                    Upgrade to Pro
                  </Button>
                ) : null}
                {data.canManage ? (
                  <Button variant={paid ? 'default' : 'outline'} onClick={openPortal} disabled={redirecting}>
                    {portal.isPending || portal.isSuccess ? <Spinner className="size-4" /> : null}
                    Manage Subscription
                  </Button>
                ) : null}
                <Button variant="outline" onClick={refresh} disabled={refreshing}>
                  {refreshing ? <Spinner className="size-4" /> : null}
                  Refresh Status
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                Pro is billed monthly. Cancel at any time: Pro continues to the end of the period you paid
                for, and there are no refunds for part of a month. Nothing is deleted when Pro ends.
              </p>
              {data.provider === 'demo' ? (
                <p className="text-sm text-muted-foreground">
                  This installation uses the demo payment provider: no money moves.
                </p>
              ) : null}
            </CardContent>
          </Card>
          <section aria-labelledby="compare-plans" className="space-y-3">
            <h2 id="compare-plans" className="text-lg font-semibold">
              Compare plans
            </h2>
            <PlanComparison />
          </section>
        </div>
      )}
    </div>
  );
}

export default SubscriptionPage;
