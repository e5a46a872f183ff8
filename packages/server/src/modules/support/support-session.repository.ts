import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { sessions, supportSessions, supportTickets, users } from '../../db/schema.ts';

export type SupportSessionRow = typeof supportSessions.$inferSelect;

/** All database access for support sessions (an agent logged in as a user); no rules here. */
export function createSupportSessionRepository(db: Db) {
  return {
    async insert(values: typeof supportSessions.$inferInsert): Promise<SupportSessionRow> {
      const [row] = await db.insert(supportSessions).values(values).returning();
      return row!;
    },

    /**
     * The support session of this token, with the user it acts as, but only if it was started from
     * the agent session of `agentSessionTokenHash`: the second cookie means nothing on its own.
     */
    async findForAgentSession(tokenHash: string, agentSessionTokenHash: string) {
      const [row] = await db
        .select({ supportSession: supportSessions, user: users })
        .from(supportSessions)
        .innerJoin(sessions, eq(sessions.id, supportSessions.agentSessionId))
        .innerJoin(users, eq(users.id, supportSessions.userId))
        .where(and(eq(supportSessions.tokenHash, tokenHash), eq(sessions.tokenHash, agentSessionTokenHash)))
        .limit(1);
      return row ?? null;
    },

    async findSessionIdByTokenHash(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.tokenHash, tokenHash));
      return row?.id ?? null;
    },

    /** Marks it ended (once); null when it had already ended. */
    async end(id: string, now: Date): Promise<SupportSessionRow | null> {
      const [row] = await db
        .update(supportSessions)
        .set({ endedAt: now })
        .where(and(eq(supportSessions.id, id), isNull(supportSessions.endedAt)))
        .returning();
      return row ?? null;
    },

    /** Ends every live support session acting as the user (they logged out of all devices). */
    async endAllForUser(userId: string, now: Date): Promise<SupportSessionRow[]> {
      return db
        .update(supportSessions)
        .set({ endedAt: now })
        .where(
          and(
            eq(supportSessions.userId, userId),
            isNull(supportSessions.endedAt),
            gt(supportSessions.expiresAt, now),
          ),
        )
        .returning();
    },

    /** The user's ticket to start from: the one given, else their most recently active. */
    async ticketOf(userId: string, ticketId: string | undefined) {
      const [row] = await db
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(
          ticketId
            ? and(eq(supportTickets.userId, userId), eq(supportTickets.id, ticketId))
            : eq(supportTickets.userId, userId),
        )
        .orderBy(desc(supportTickets.updatedAt))
        .limit(1);
      return row ?? null;
    },

    /** The times agents were logged in as the ticket's user, oldest first, with the agent's name. */
    async visitsForTicket(ticketId: string) {
      const agent = alias(users, 'agent');
      return db
        .select({ supportSession: supportSessions, agentFirstName: agent.firstName })
        .from(supportSessions)
        .innerJoin(agent, eq(agent.id, supportSessions.agentId))
        .where(eq(supportSessions.ticketId, ticketId))
        .orderBy(asc(supportSessions.startedAt));
    },
  };
}
