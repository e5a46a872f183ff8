import type { ConfirmEmailChangeResponse, VerifyNewEmailResponse } from '@rotaboard/core/contracts/auth';
import { api, unwrap } from '../../../lib/api-client';

// Each emailed link is used once per page session (see verify-magic-link.ts).
const verifications = new Map<string, Promise<VerifyNewEmailResponse>>();
const confirmations = new Map<string, Promise<ConfirmEmailChangeResponse>>();

/** GET /api/auth/change-email/verify-new/{token}: the new address proves it is reachable. */
export function verifyNewEmailOnce(token: string): Promise<VerifyNewEmailResponse> {
  let pending = verifications.get(token);
  if (!pending) {
    pending = unwrap(api.GET('/api/auth/change-email/verify-new/{token}', { params: { path: { token } } }));
    verifications.set(token, pending);
  }
  return pending;
}

/** GET /api/auth/change-email/confirm/{token}: the old address approves, and the change happens. */
export function confirmEmailChangeOnce(token: string): Promise<ConfirmEmailChangeResponse> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = unwrap(api.GET('/api/auth/change-email/confirm/{token}', { params: { path: { token } } }));
    confirmations.set(token, pending);
  }
  return pending;
}
