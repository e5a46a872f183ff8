import type { LoginResponse } from '@rotaboard/core/contracts/auth';
import { api, unwrap } from '../../../lib/api-client';

/** POST /api/auth/login: emails a sign-in link. */
export function requestMagicLink(email: string): Promise<LoginResponse> {
  return unwrap(api.POST('/api/auth/login', { body: { email } }));
}
