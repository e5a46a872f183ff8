import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The contract (issue 26): spelled here as types only, like the schedule's calls.

/** POST /api/assistant/{teamId} */
export type AssistantMessageInput = { message: string; weekStartDate: string; conversationId?: string };
/** Its answer: the reply, which engine gave it, and the proposal it made (null for an answer alone). */
export type AssistantReply = {
  conversationId: string;
  reply: string;
  engine: 'model' | 'built-in';
  proposalId: string | null;
};
/** GET /api/assistant/{teamId}/usage: this month's messages, the allowance and when it starts again. */
export type AssistantUsage = { used: number; limit: number; resetsAt: string };

const base = (teamId: string) => `/api/assistant/${encodeURIComponent(teamId)}`;

export const assistantUsageQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'assistant', 'usage'],
    queryFn: () => apiRequest<AssistantUsage>('GET', `${base(teamId)}/usage`),
    // A refusal (a Free team, a lost role) is shown as it is; asking again changes nothing.
    retry: false,
  });

export const sendAssistantMessage = (teamId: string, input: AssistantMessageInput) =>
  apiRequest<AssistantReply>('POST', base(teamId), input);
