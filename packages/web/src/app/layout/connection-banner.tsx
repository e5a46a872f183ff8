import { WifiOff, X } from 'lucide-react';
import { dismissConnectionIssue, useConnectionStatus, useHubHealth } from '../../lib/connection-status';

/**
 * Shown at the top while the server can't be reached, and after a blip until dismissed. The live
 * connection adds to it: while it retries, the blip message (until it is back); once it gave up, the
 * outage message.
 */
export function ConnectionBanner() {
  const http = useConnectionStatus();
  const hub = useHubHealth();
  const isFailing = http.isFailing || hub === 'down';
  const hasIssue = http.hasIssue || hub !== 'ok';
  // A live connection that is still retrying clears the banner itself when it is back.
  const dismissable = hub === 'ok';
  if (!hasIssue) return null;
  return (
    <div
      role="alert"
      className={
        isFailing
          ? 'bg-red-600 text-white dark:bg-red-700'
          : 'bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-100'
      }
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        <p className="flex-1">
          {isFailing
            ? 'Unable to connect to the server. Reload this page to try again.'
            : 'There was a temporary connection issue. Your session is preserved.'}
        </p>
        {isFailing ? (
          <button
            type="button"
            className="rounded-md border border-white/40 px-2.5 py-1 text-xs font-medium hover:bg-white/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
            onClick={() => window.location.reload()}
          >
            Reload page
          </button>
        ) : dismissable ? (
          <button
            type="button"
            aria-label="Dismiss connection message"
            className="rounded-md p-1 hover:bg-black/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-white/10"
            onClick={dismissConnectionIssue}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
    </div>
  );
}
