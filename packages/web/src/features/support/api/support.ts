import type { ImpersonateResponse, IsSupportResponse } from '@rotaboard/core/contracts/auth';
import type { NewTicketInput, TicketDto, TicketSummaryDto } from '@rotaboard/core/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';
import { queryKeys } from '../../../lib/query-keys';

const ticket = (id: string) => ({ path: { id } });
/**
 * New messages arrive live (SupportTicketUpdated on the hub); this slow refresh only covers a live
 * connection that is down.
 */
const THREAD_REFRESH_MS = 60_000;

export function useIsSupportAgent() {
  const { status } = useAuth();
  return useQuery({
    queryKey: queryKeys.isSupport(),
    queryFn: (): Promise<IsSupportResponse> => unwrap(api.GET('/api/support/user/is-support')),
    enabled: status === 'loggedIn',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTickets() {
  return useQuery({
    queryKey: queryKeys.supportTickets(),
    queryFn: (): Promise<TicketSummaryDto[]> => unwrap(api.GET('/api/support/tickets')),
    refetchInterval: THREAD_REFRESH_MS,
  });
}

export function useTicket(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.supportTicket(id),
    queryFn: async (): Promise<TicketDto> => {
      const read = await unwrap(api.GET('/api/support/tickets/{id}', { params: ticket(id) }));
      // Opening a ticket marks its replies read: the list and the bell change too (spec 2 §4).
      void queryClient.invalidateQueries({ queryKey: queryKeys.supportTickets() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications() });
      return read;
    },
    refetchInterval: THREAD_REFRESH_MS,
    retry: false,
  });
}

function useTicketUpdate<V>(id: string, call: (vars: V) => Promise<TicketDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (updated) => {
      queryClient.setQueryData(queryKeys.supportTicket(id), updated);
      void queryClient.invalidateQueries({ queryKey: queryKeys.supportTickets() });
    },
  });
}

export const useReply = (id: string) =>
  useTicketUpdate(id, (message: string) =>
    unwrap(api.POST('/api/support/tickets/{id}/messages', { params: ticket(id), body: { message } })),
  );

export const useSetTicketStatus = (id: string) =>
  useTicketUpdate(id, (status: 'open' | 'closed') =>
    unwrap(api.PUT('/api/support/tickets/{id}/status', { params: ticket(id), body: { status } })),
  );

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTicketInput): Promise<TicketDto> =>
      unwrap(api.POST('/api/support/tickets', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.supportTickets() }),
  });
}

/** "Log in as user" (agents, spec 2 §4): starts support mode as the ticket's user. */
export function useLogInAsUser() {
  return useMutation({
    mutationFn: ({ userId, ticketId }: { userId: string; ticketId: string }): Promise<ImpersonateResponse> =>
      unwrap(
        api.POST('/api/auth/impersonate/{userId}', { params: { path: { userId } }, body: { ticketId } }),
      ),
  });
}
