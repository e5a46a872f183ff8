import type { DemoPortalDto } from '@rotaboard/core/contracts/subscriptions';
import { planOf } from '@rotaboard/core/plans/plan-limits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { demoPortal, setDemoCancelAtPeriodEnd } from '../api/subscription';
import { formatBillingDate } from '../components/billing-dates';
import { DemoBanner, DemoLinkProblem } from '../components/demo-banner';

/** The demo provider's billing portal (issue 12): the plan, the renewal date, cancel and resume. */
export function DemoPortalPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const queryClient = useQueryClient();
  const queryKey = queryKeys.demoPortal(sessionId);
  const portal = useQuery({
    queryKey,
    queryFn: () => demoPortal(sessionId),
    enabled: sessionId !== '',
    retry: false,
  });
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (cancel: boolean) => setDemoCancelAtPeriodEnd(sessionId, cancel),
    onSuccess: (data: DemoPortalDto, cancel) => {
      queryClient.setQueryData(queryKey, data);
      setConfirming(false);
      toast.success(
        cancel ? 'Your subscription is cancelled at the end of the period.' : 'Your subscription will renew.',
      );
    },
    onError: (error) => toast.error(errorMessage(error, 'The subscription could not be changed.')),
  });
  const data = portal.data;
  const sub = data?.subscription;
  const end = sub?.currentPeriodEnd ? formatBillingDate(sub.currentPeriodEnd) : null;
  const ended = sub ? !planOf(sub.tier).paid : false;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:px-6">
      <PageMeta
        title="Manage subscription"
        description="See, cancel or resume your Rotaboard Pro subscription."
      />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Manage subscription</h1>
      <DemoBanner />
      {sessionId === '' || portal.isError ? (
        <DemoLinkProblem
          error={portal.error}
          fallback="This page could not be loaded."
          missing="This billing link is incomplete."
        />
      ) : !data || !sub ? (
        <PageSpinner label="Loading your subscription" />
      ) : (
        <Card>
          <CardHeader>
            <div className="flex flex-wrap items-center gap-2">
              <CardTitle>Rotaboard Pro</CardTitle>
              {ended ? (
                <Badge variant="secondary">Ended</Badge>
              ) : sub.cancelAtPeriodEnd ? (
                <Badge variant="warning">Cancels {end ? `on ${end}` : 'soon'}</Badge>
              ) : (
                <Badge variant="success">Active</Badge>
              )}
            </div>
            <CardDescription>
              For <span className="break-all">{data.email}</span>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-2 text-sm">
            {data.monthlyPrice !== null ? (
              <p>
                <span className="font-semibold">
                  {data.symbol}
                  {data.monthlyPrice}
                </span>{' '}
                per month, in {sub.currency}
              </p>
            ) : null}
            <p data-testid="portal-status">
              {ended
                ? 'This subscription has ended.'
                : sub.cancelAtPeriodEnd
                  ? `Pro ends on ${end}. You keep it until then; there are no refunds for the rest of the month.`
                  : end
                    ? `Renews on ${end}.`
                    : 'Renews monthly.'}
            </p>
          </CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button asChild variant="outline">
              <a href={data.returnUrl}>Return to Rotaboard</a>
            </Button>
            {ended ? null : sub.cancelAtPeriodEnd ? (
              <Button onClick={() => change.mutate(false)} disabled={change.isPending}>
                {change.isPending ? <Spinner className="size-4" /> : null}
                Resume subscription
              </Button>
            ) : (
              <Button variant="destructive" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
          </CardFooter>
        </Card>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel Pro?</DialogTitle>
            <DialogDescription>
              Pro stays on until {end ?? 'the end of the period'}, then your account moves to the Free plan.
              Nothing is deleted; teams and staff beyond the Free plan's limits become read-only. There are no
              refunds.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep Pro
            </Button>
            <Button variant="destructive" onClick={() => change.mutate(true)} disabled={change.isPending}>
              {change.isPending ? <Spinner className="size-4" /> : null}
              Cancel at period end
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

export default DemoPortalPage;
