import type { AssistantReply } from '@rotaboard/core/contracts/assistant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../../lib/api-client';
import type { AssistantSlotProps } from '../../../lib/assistant-slot';
import { queryKeys } from '../../../lib/query-keys';
import { sendAssistantMessage } from '../api/assistant-api';

export type Turn =
  | { id: number; role: 'user'; text: string }
  | {
      id: number;
      role: 'assistant';
      text: string;
      engine: AssistantReply['engine'];
      proposalId: string | null;
    };

/** Why the last message was refused, kept apart so a spent allowance (429) reads as such. */
type Failure = { message: string; limit: boolean; plan: boolean };

/**
 * The conversation's state and its send call, held above the layout: turning a phone sideways swaps
 * the sheet for the side column, and the conversation carries over.
 */
export function useAssistantChat({ teamId, weekStartDate, onProposal }: AssistantSlotProps) {
  const queryClient = useQueryClient();
  const [turns, setTurns] = useState<Turn[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const nextId = useRef(0);
  const send = useMutation({
    mutationFn: (message: string) =>
      sendAssistantMessage(teamId, {
        message,
        weekStartDate,
        ...(conversationId ? { conversationId } : {}),
      }),
    onSuccess: (reply, message) => {
      setConversationId(reply.conversationId);
      setTurns((current) => [
        ...current,
        { id: nextId.current++, role: 'user', text: message },
        {
          id: nextId.current++,
          role: 'assistant',
          text: reply.reply,
          engine: reply.engine,
          proposalId: reply.proposalId,
        },
      ]);
      setDraft('');
      setFailure(null);
      if (reply.proposalId) onProposal(reply.proposalId);
    },
    onError: (error) => {
      // The message stays in the box, to send again once the reason is dealt with.
      setFailure({
        message: errorMessage(error, 'The assistant could not be reached. Try again.'),
        limit: isApiError(error) && error.status === 429,
        plan: isApiError(error) && error.status === 403,
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.team(teamId).assistantUsage() });
    },
  });
  return { turns, draft, setDraft, problem, setProblem, failure, send };
}

export type Chat = ReturnType<typeof useAssistantChat>;
