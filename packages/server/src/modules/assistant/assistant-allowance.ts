import { allowanceUsedMessage, monthStart, nextMonthStart } from '@rotaboard/core/assistant/usage';
import { ASSISTANT_MONTHLY_MESSAGES } from '@rotaboard/core/contracts/assistant';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { UserRow } from '../../db/rows.ts';
import { currentSupportActor } from '../../lib/support-actor.ts';
import type { TeamAccess } from '../team-access/team-access.ts';
import type { TeamCommand } from '../team-access/team-command.ts';
import { createAssistantRepository } from './assistant.repository.ts';

/** A message's place in the month's allowance, held while its answer is worked out. */
export type HeldMessage = { conversationId: string; askedId: string };

/**
 * The assistant's monthly allowance, reserved before the engine is asked (issue 45). Reserving keeps the
 * asker's message (the month's count is of these), under a per-team lock after counting, in one team
 * command: of several messages racing for the month's last one, one is kept and reaches the model, the
 * others get the 429 before any model call. A message whose model call fails is released (deleted), so
 * a failure uses none of the allowance.
 */
export function assistantAllowance(teamCommand: TeamCommand, now: () => Date) {
  return {
    async reserve(
      user: UserRow,
      a: TeamAccess,
      input: { message: string; conversationId?: string | undefined },
    ): Promise<HeldMessage> {
      const teamId = a.team.id;
      const support = currentSupportActor();
      return teamCommand(user, teamId, { role: 'writer', access: a }, async (tx) => {
        const repo = createAssistantRepository(tx);
        await repo.lockAllowance(teamId);
        const at = now();
        if ((await repo.countAsked(teamId, monthStart(at))) >= ASSISTANT_MONTHLY_MESSAGES) {
          throw new DomainError(ErrorCode.RATE_LIMITED, allowanceUsedMessage(at), {
            retryAfterSeconds: Math.ceil((nextMonthStart(at).getTime() - at.getTime()) / 1000),
          });
        }
        const conversationId = input.conversationId ?? (await repo.createConversation(teamId, user.id)).id;
        const asked = await repo.addMessage({
          conversationId,
          teamId,
          role: 'user',
          text: input.message,
          userId: user.id,
          onBehalfOf: support?.agentId ?? null,
        });
        return { conversationId, askedId: asked.id };
      });
    },

    /** Gives the message's place back: the call failed, and the message is not kept. */
    async release(user: UserRow, a: TeamAccess, held: HeldMessage): Promise<void> {
      await teamCommand(user, a.team.id, { role: 'writer', access: a }, async (tx) => {
        await createAssistantRepository(tx).removeMessage(a.team.id, held.askedId);
      });
    },
  };
}
