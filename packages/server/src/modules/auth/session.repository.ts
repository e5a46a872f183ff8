import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

export type SessionWithUser = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  user: typeof users.$inferSelect;
};

/** All database access for sessions; no rules here. */
export function createSessionRepository(db: Db) {
  return {
    async insert(values: { userId: string; tokenHash: string; expiresAt: Date; userAgent: string | null }) {
      await db.insert(sessions).values(values);
    },

    /** The session, unless it has expired or was started before `startedAfter` (its absolute lifetime). */
    async findLiveByTokenHash(
      tokenHash: string,
      now: Date,
      startedAfter: Date,
    ): Promise<SessionWithUser | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            gt(sessions.expiresAt, now),
            gt(sessions.createdAt, startedAfter),
          ),
        )
        .limit(1);
      if (!row) return null;
      return {
        sessionId: row.session.id,
        createdAt: row.session.createdAt,
        expiresAt: row.session.expiresAt,
        lastSeenAt: row.session.lastSeenAt,
        user: row.user,
      };
    },

    async extend(sessionId: string, expiresAt: Date, now: Date) {
      await db.update(sessions).set({ expiresAt, lastSeenAt: now }).where(eq(sessions.id, sessionId));
    },

    async deleteByTokenHash(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    },

    async deleteAllForUser(userId: string): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      return removed.length;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
