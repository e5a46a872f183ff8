import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  CANNOT_IMPERSONATE_AGENT,
  NOT_A_TICKET_USER,
  SUPPORT_MODE_MINUTES,
  supportModeOver,
} from '@rotaboard/core/support/support-mode';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { type CommandActor, runCommand } from '../audit/command.ts';
import type { ResolvedSupportSession } from '../auth/request-identity.ts';
import { userDirectory } from '../users/user-directory.ts';
import { isSupportAgent } from './support.service.ts';
import { createSupportSessionRepository, type SupportSessionRow } from './support-session.repository.ts';

export const ONLY_AGENTS = 'Only support agents can log in as a user';

/**
 * Support mode (spec 2 §4 Impersonation, issue 14): an agent logs in as a user who has a ticket, for
 * an hour, in a session of its own; the agent's own session is left as it was and is theirs again
 * when support mode ends or runs out.
 */
export function createSupportSessionService(deps: {
  db: Db;
  supportEmails: readonly string[];
  /** Tells the ticket's thread (its user and the agents) that a visit started or ended. */
  onTicketChanged?: (ticketId: string, userId: string) => void;
}) {
  const { db } = deps;
  const isAgent = (user: { email: string }) => isSupportAgent(user, deps.supportEmails);
  /**
   * The actor of a command known only by id: these commands audit (naming who acted and for whom in
   * each row) and announce nothing, so the id is all they use.
   */
  const byId = (id: string): CommandActor => ({ id, firstName: '', lastName: '', email: '' });

  return {
    isAgent,

    /** Starts support mode as `userId`; the caller sets the returned token as the second cookie. */
    async start(
      agent: UserRow,
      agentSessionTokenHash: string,
      userId: string,
      ticketId: string | undefined,
    ): Promise<{ token: string; supportSession: SupportSessionRow; user: UserRow }> {
      if (!isAgent(agent)) throw new DomainError(ErrorCode.FORBIDDEN, ONLY_AGENTS);
      const result = await runCommand({ db }, { teamId: null, actor: agent }, async (tx, effects) => {
        const repo = createSupportSessionRepository(tx);
        const user = await userDirectory(tx).findById(userId);
        if (!user) throw new DomainError(ErrorCode.NOT_FOUND, NOT_A_TICKET_USER);
        if (isAgent(user)) throw new DomainError(ErrorCode.FORBIDDEN, CANNOT_IMPERSONATE_AGENT);
        const ticket = await repo.ticketOf(userId, ticketId);
        if (!ticket) throw new DomainError(ErrorCode.NOT_FOUND, NOT_A_TICKET_USER);
        const agentSessionId = await repo.findSessionIdByTokenHash(agentSessionTokenHash);
        if (!agentSessionId) throw new DomainError(ErrorCode.UNAUTHENTICATED, 'Please log in to continue');
        const token = newToken();
        const now = new Date();
        const supportSession = await repo.insert({
          agentId: agent.id,
          userId,
          agentSessionId,
          ticketId: ticket.id,
          tokenHash: hashToken(token),
          startedAt: now,
          expiresAt: new Date(now.getTime() + SUPPORT_MODE_MINUTES * 60_000),
        });
        effects.audit({
          entityType: 'support_session',
          entityId: supportSession.id,
          action: 'STARTED',
          onBehalfOf: userId,
          newValues: { ticketId: ticket.id, expiresAt: supportSession.expiresAt.toISOString() },
        });
        return { token, supportSession, user };
      });
      deps.onTicketChanged?.(result.supportSession.ticketId!, userId);
      return result;
    },

    /**
     * The support session a cookie names, if it belongs to this agent session: live (act as its
     * user) or over (ended, run out, or its agent is no longer an agent). Null: not this browser's.
     */
    async resolve(
      agent: UserRow,
      agentSessionTokenHash: string,
      token: string,
      now: Date,
    ): Promise<ResolvedSupportSession | null> {
      const found = await createSupportSessionRepository(db).findForAgentSession(
        hashToken(token),
        agentSessionTokenHash,
      );
      if (!found || found.supportSession.agentId !== agent.id) return null;
      if (supportModeOver(found.supportSession, now) || !isAgent(agent)) {
        return { state: 'over', supportSession: found.supportSession };
      }
      return { state: 'live', supportSession: found.supportSession, user: found.user };
    },

    /**
     * The user logged out of all devices: support sessions acting as them end too (audited as the
     * user's doing). Returns their ids, so their live connections can be closed.
     */
    async endAllForUser(userId: string): Promise<string[]> {
      const ended = await runCommand({ db }, { teamId: null, actor: byId(userId) }, async (tx, effects) => {
        const rows = await createSupportSessionRepository(tx).endAllForUser(userId, new Date());
        for (const row of rows) {
          effects.audit({
            entityType: 'support_session',
            entityId: row.id,
            action: 'ENDED',
            newValues: { endedAt: row.endedAt?.toISOString() ?? null, by: 'user' },
          });
        }
        return rows;
      });
      for (const row of ended) if (row.ticketId) deps.onTicketChanged?.(row.ticketId, row.userId);
      return ended.map((row) => row.id);
    },

    /** Ends a support session (once), audited as the agent's. */
    async end(supportSession: SupportSessionRow): Promise<void> {
      const actor = byId(supportSession.agentId);
      const ended = await runCommand({ db }, { teamId: null, actor }, async (tx, effects) => {
        const row = await createSupportSessionRepository(tx).end(supportSession.id, new Date());
        if (!row) return null;
        effects.audit({
          entityType: 'support_session',
          entityId: row.id,
          action: 'ENDED',
          changedBy: row.agentId,
          onBehalfOf: row.userId,
          newValues: { endedAt: row.endedAt?.toISOString() ?? null },
        });
        return row;
      });
      if (ended?.ticketId) deps.onTicketChanged?.(ended.ticketId, ended.userId);
    },
  };
}
export type SupportSessionService = ReturnType<typeof createSupportSessionService>;
