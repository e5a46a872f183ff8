import { SESSION_HINT_COOKIE } from '@rotaboard/core/auth/constants';

/**
 * Whether this browser may have a session. The session cookie is httpOnly, so scripts cannot see it;
 * the server sets a readable hint cookie beside it (and clears it with it). Without the hint nobody is
 * signed in, and the app does not ask `/api/auth/me`, whose 401 the browser would log as an error.
 */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Forgets a hint the server has proved stale (a 401 from /api/auth/me, a page served signed out). */
export function clearSessionHint(): void {
  if (typeof document === 'undefined' || !hasSessionHint()) return;
  // biome-ignore lint/suspicious/noDocumentCookie: one synchronous write, in every browser (the Cookie Store API is async and newer)
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
