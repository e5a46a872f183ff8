import type { UpdateProfileInput } from '@rotaboard/core/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth-context';
import { updateProfile } from '../../../lib/users';

/** PUT /api/users/me, then re-reads the session so the new name shows everywhere. */
export function useUpdateProfile() {
  const { refresh } = useAuth();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => updateProfile(input),
    onSuccess: () => refresh(),
  });
}
