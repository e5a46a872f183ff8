import type { EmailChangeStatusResponse } from '@rotaboard/core/contracts/auth';
import type { MessageResponse } from '@rotaboard/core/contracts/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const emailChangeStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'change-email', 'status'],
    queryFn: () => apiRequest<EmailChangeStatusResponse>('GET', '/api/auth/change-email/status'),
  });

/** POST /api/auth/change-email/initiate: emails a verification link to the new address. */
export function useInitiateEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newEmail: string) =>
      apiRequest<MessageResponse>('POST', '/api/auth/change-email/initiate', { newEmail }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailChangeStatusQueryOptions().queryKey }),
  });
}

/** POST /api/auth/change-email/cancel */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MessageResponse>('POST', '/api/auth/change-email/cancel', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailChangeStatusQueryOptions().queryKey }),
  });
}
