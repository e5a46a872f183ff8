import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

export const STALE_STAFF_TEXT =
  'This staff member was changed by someone else. Reload to see the latest version.';

/** Shown in a form whose record changed on the server (409 STALE_HASH). */
export function StaleAlert({ onReload, reloading }: { onReload: () => void; reloading: boolean }) {
  return (
    <Alert variant="warning" role="alert">
      <AlertDescription className="flex flex-col gap-3">
        <p>{STALE_STAFF_TEXT}</p>
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="self-start"
          onClick={onReload}
          disabled={reloading}
        >
          {reloading ? <Spinner className="text-current [&_svg]:size-4" /> : null}
          Reload
        </Button>
      </AlertDescription>
    </Alert>
  );
}
