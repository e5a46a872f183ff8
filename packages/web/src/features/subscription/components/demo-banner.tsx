import { Alert, AlertDescription } from '../../../components/ui/alert';
import { errorMessage } from '../../../lib/api-client';

/** On both demo billing pages: nobody should think a card was charged. */
export function DemoBanner() {
  return (
    <Alert variant="info" role="note" className="mb-6">
      <AlertDescription>
        <strong className="font-semibold">Demo payments.</strong> This page stands in for a real payment
        provider: no card is asked for and no money moves.
      </AlertDescription>
    </Alert>
  );
}

/** A demo billing page whose link is incomplete, expired or someone else's: why, and the way back. */
export function DemoLinkProblem({
  error,
  fallback,
  missing,
}: {
  error: unknown;
  fallback: string;
  missing: string;
}) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>
        {error ? errorMessage(error, fallback) : missing}{' '}
        <a className="font-medium underline underline-offset-4" href="/subscription">
          Back to your subscription
        </a>
      </AlertDescription>
    </Alert>
  );
}
