import { errorMessage, isApiError, isStaleHashError } from './api-client';
import { toast } from './toast';

/**
 * Toasts a failed call's message (the server's words, or `fallback`). Stays quiet when the failure
 * ended the session: the expired-session message on /login says it better. When the record changed
 * under the user (409 STALE_HASH) and `onReload` is given, the toast offers a Reload action.
 */
export function showApiError(
  error: unknown,
  fallback: string,
  options: { onReload?: () => void } = {},
): void {
  if (isApiError(error) && error.sessionEnded) return;
  const { onReload } = options;
  if (onReload && isStaleHashError(error)) {
    toast.error(errorMessage(error, fallback), {
      action: { label: 'Reload', onClick: onReload },
      duration: 10_000,
    });
    return;
  }
  toast.error(errorMessage(error, fallback));
}
