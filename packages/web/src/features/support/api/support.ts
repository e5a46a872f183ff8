import type { ImpersonateResponse, IsSupportResponse } from '@rotaboard/core/contracts/auth';
import type { NewTicketInput, TicketDto, TicketSummaryDto } from '@rotaboard/core/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-context';

const ticketPath = (id: string) => `/api/support/tickets/${encodeURIComponent(id)}`;
/**
 * New messages arrive live (SupportTicketUpdated on the hub); this slow refresh only covers a live
 * connection that is down.
 */
const THREAD_REFRESH_MS = 60_000;

export function useIsSupportAgent() {
  const { status } = useAuth();
  return useQuery({
    queryKey: ['support', 'is-support'],
    queryFn: () => apiRequest<IsSupportResponse>('GET', '/api/support/user/is-support'),
    enabled: status === 'loggedIn',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTickets() {
  return useQuery({
    queryKey: ['support', 'tickets'],
    queryFn: () => apiRequest<TicketSummaryDto[]>('GET', '/api/support/tickets'),
    refetchInterval: THREAD_REFRESH_MS,
  });
}

export function useTicket(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['support', 'ticket', id],
    queryFn: async () => {
      const ticket = await apiRequest<TicketDto>('GET', ticketPath(id));
      // Opening a ticket marks its replies read: the list and the bell change too (spec 2 §4).
      void queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
      return ticket;
    },
    refetchInterval: THREAD_REFRESH_MS,
    retry: false,
  });
}

function useTicketUpdate<V>(id: string, call: (vars: V) => Promise<TicketDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (ticket) => {
      queryClient.setQueryData(['support', 'ticket', id], ticket);
      void queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] });
    },
  });
}

export const useReply = (id: string) =>
  useTicketUpdate(id, (message: string) =>
    apiRequest<TicketDto>('POST', `${ticketPath(id)}/messages`, { message }),
  );

export const useSetTicketStatus = (id: string) =>
  useTicketUpdate(id, (status: 'open' | 'closed') =>
    apiRequest<TicketDto>('PUT', `${ticketPath(id)}/status`, { status }),
  );

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTicketInput) => apiRequest<TicketDto>('POST', '/api/support/tickets', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['support', 'tickets'] }),
  });
}

/** "Log in as user" (agents, spec 2 §4): starts support mode as the ticket's user. */
export function useLogInAsUser() {
  return useMutation({
    mutationFn: ({ userId, ticketId }: { userId: string; ticketId: string }) =>
      apiRequest<ImpersonateResponse>('POST', `/api/auth/impersonate/${encodeURIComponent(userId)}`, {
        ticketId,
      }),
  });
}
