import type { UpdateProfileInput, UserResponse } from '@rotaboard/core/contracts/users';
import { api, unwrap } from './api-client';

/** PUT /api/users/me: used by profile completion at sign-up and by Settings. */
export function updateProfile(input: UpdateProfileInput): Promise<UserResponse> {
  return unwrap(api.PUT('/api/users/me', { body: input }));
}
