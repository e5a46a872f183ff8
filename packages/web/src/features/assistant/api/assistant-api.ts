import type {
  AssistantMessageInput,
  AssistantReply,
  AssistantUsage,
} from '@rotaboard/core/contracts/assistant';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// Types only from the contracts: the panel's chunk needs no zod.

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
