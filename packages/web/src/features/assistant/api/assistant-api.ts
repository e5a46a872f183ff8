import type {
  AssistantMessageInput,
  AssistantReply,
  AssistantUsage,
} from '@rotaboard/core/contracts/assistant';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Types only from the contracts: the panel's chunk needs no zod.

const team = (teamId: string) => ({ path: { teamId } });

export const assistantUsageQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).assistantUsage(),
    queryFn: (): Promise<AssistantUsage> =>
      unwrap(api.GET('/api/assistant/{teamId}/usage', { params: team(teamId) })),
    // A refusal (a Free team, a lost role) is shown as it is; asking again changes nothing.
    retry: false,
  });

export const sendAssistantMessage = (teamId: string, input: AssistantMessageInput): Promise<AssistantReply> =>
  unwrap(api.POST('/api/assistant/{teamId}', { params: team(teamId), body: input }));
