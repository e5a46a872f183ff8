import type { VerifyResponse } from '@rotaboard/core/contracts/auth';
import { api, unwrap } from '../../../lib/api-client';

// A link token is single use: one request per token per page session, however often the page's effect
// runs (React StrictMode runs effects twice in development).
const verifications = new Map<string, Promise<VerifyResponse>>();

/** GET /api/auth/verify/{token}: signs the user in and sets the session cookie. */
export function verifyMagicLinkOnce(token: string): Promise<VerifyResponse> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = unwrap(api.GET('/api/auth/verify/{token}', { params: { path: { token } } }));
    verifications.set(token, pending);
  }
  return pending;
}
