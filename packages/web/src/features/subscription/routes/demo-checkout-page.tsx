import { planOf } from '@rotaboard/core/plans/plan-limits';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { demoCheckout, payDemoCheckout } from '../api/subscription';
import { DemoBanner, DemoLinkProblem } from '../components/demo-banner';

const HIGHLIGHTS = [
  `Up to ${planOf('pro').ownedTeams} teams and ${planOf('pro').staffPerTeam} staff per team`,
  'Time-off requests, time and attendance, payroll and adjustments reports',
  'Schedule notifications, the schedule assistant and priority support',
];

/** The demo provider's checkout (issue 12): the plan, the price, Pay and Cancel. */
export function DemoCheckoutPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const session = useQuery({
    queryKey: queryKeys.demoCheckout(sessionId),
    queryFn: () => demoCheckout(sessionId),
    enabled: sessionId !== '',
    retry: false,
  });
  const pay = useMutation({
    mutationFn: () => payDemoCheckout(sessionId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const data = session.data;

  return (
    <div className="mx-auto w-full max-w-lg px-4 py-8 sm:px-6">
      <PageMeta title="Checkout" description="Subscribe to Rotaboard Pro." />
      <h1 className="mb-4 text-2xl font-semibold tracking-tight">Checkout</h1>
      <DemoBanner />
      {sessionId === '' || session.isError ? (
        <DemoLinkProblem
          error={session.error}
          fallback="This checkout could not be loaded."
          missing="This checkout link is incomplete."
        />
      ) : !data ? (
        <PageSpinner label="Loading checkout" />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Rotaboard {data.plan}</CardTitle>
            <CardDescription>
              For <span className="break-all">{data.email}</span>
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <p>
              <span className="text-3xl font-semibold" data-testid="checkout-price">
                {data.symbol}
                {data.monthlyPrice}
              </span>{' '}
              <span className="text-muted-foreground">per month, in {data.currency}</span>
            </p>
            <ul className="space-y-2 text-sm">
              {HIGHLIGHTS.map((line) => (
                <li key={line} className="flex gap-2">
                  <Check
                    aria-hidden
                    className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                  />
                  {line}
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Renews monthly until you cancel. After cancelling, Pro continues to the end of the month paid
              for; there are no refunds for part of a month.
            </p>
            {data.state !== 'open' ? (
              <Alert variant="warning" role="status">
                <AlertDescription>
                  {data.state === 'complete'
                    ? 'This checkout is already paid.'
                    : 'This checkout has expired. Start again from the subscription page.'}
                </AlertDescription>
              </Alert>
            ) : null}
            {pay.isError ? (
              <Alert variant="destructive" role="alert">
                <AlertDescription>
                  {errorMessage(pay.error, 'The payment did not go through.')}
                </AlertDescription>
              </Alert>
            ) : null}
          </CardContent>
          <CardFooter className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <a href={data.state === 'open' ? data.cancelUrl : '/subscription'}>
                {data.state === 'open' ? 'Cancel' : 'Back to your subscription'}
              </a>
            </Button>
            {data.state === 'open' ? (
              <Button onClick={() => pay.mutate()} disabled={pay.isPending || pay.isSuccess}>
                {pay.isPending || pay.isSuccess ? <Spinner className="size-4" /> : null}
                Pay {data.symbol}
                {data.monthlyPrice}
              </Button>
            ) : null}
          </CardFooter>
        </Card>
      )}
    </div>
  );
}

export default DemoCheckoutPage;
