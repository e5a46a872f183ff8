import type { LoginResponse } from '@rotaboard/core/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/login: emails a sign-in link. */
export function requestMagicLink(email: string): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', '/api/auth/login', { email });
}
