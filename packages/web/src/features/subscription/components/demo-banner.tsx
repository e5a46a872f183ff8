import { Alert, AlertDescription } from '../../../components/ui/alert';

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
