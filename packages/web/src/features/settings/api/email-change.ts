import type { EmailChangeStatusResponse } from '@rotaboard/core/contracts/auth';
import type { MessageResponse } from '@rotaboard/core/contracts/common';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const emailChangeStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.emailChangeStatus(),
    queryFn: (): Promise<EmailChangeStatusResponse> => unwrap(api.GET('/api/auth/change-email/status')),
  });

/** POST /api/auth/change-email/initiate: emails a verification link to the new address. */
export function useInitiateEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newEmail: string): Promise<MessageResponse> =>
      unwrap(api.POST('/api/auth/change-email/initiate', { body: { newEmail } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailChangeStatusQueryOptions().queryKey }),
  });
}

/** POST /api/auth/change-email/cancel */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MessageResponse> => unwrap(api.POST('/api/auth/change-email/cancel')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailChangeStatusQueryOptions().queryKey }),
  });
}
