import { toast } from 'sonner';
import { errorMessage, isApiError } from './api-client';

/**
 * Toasts a failed call's message (the server's words, or `fallback`). Stays quiet when the failure
 * ended the session: the expired-session message on /login says it better.
 */
export function showApiError(error: unknown, fallback: string): void {
  if (isApiError(error) && error.sessionEnded) return;
  toast.error(errorMessage(error, fallback));
}
