import { PartyPopper } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

export function StaffWelcomeAlert({ onDismiss }: { onDismiss: () => void }) {
  return (
    <Alert variant="info" className="mb-6 p-4 sm:p-5">
      <PartyPopper aria-hidden="true" className="size-5!" />
      <div className="min-w-0 flex-1">
        <AlertTitle className="text-base">Welcome to Rotaboard!</AlertTitle>
        <AlertDescription>
          <p>Your team is ready. Three steps to your first rota:</p>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            <li>Add your staff to the team's staff list.</li>
            <li>Invite them by email, so they can see their own shifts.</li>
            <li>Build the week's schedule on the Schedule page.</li>
          </ol>
          <Button size="sm" variant="outline" className="mt-4" onClick={onDismiss}>
            Dismiss
          </Button>
        </AlertDescription>
      </div>
    </Alert>
  );
}
