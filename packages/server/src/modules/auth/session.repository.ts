import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { memoFor } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import { sessions, users } from '../../db/schema.ts';

export type SessionWithUser = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  user: typeof users.$inferSelect;
};

// Every API request looks its session up: built once and prepared by name (reusable-statement.ts), not
// assembled by the query builder on each request, and planned once by the database.
const liveByTokenHash = reusableStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('startedAfter')),
      ),
    )
    .limit(1)
    .prepare('session_live_by_token_hash'),
);

// On PGlite, the session behind a token is remembered until the next write (read-memo.ts).
const liveSessions = new WeakMap<Db, ReturnType<typeof memoFor<SessionWithUser>>>();

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
      const found = await memoFor(liveSessions, db)(tokenHash, async () => {
        const [row] = await liveByTokenHash(db).execute({ tokenHash, now, startedAfter });
        if (!row) return null;
        return {
          sessionId: row.session.id,
          createdAt: row.session.createdAt,
          expiresAt: row.session.expiresAt,
          lastSeenAt: row.session.lastSeenAt,
          user: row.user,
        };
      });
      // A remembered session is checked against this request's clock, as the query checks it.
      return found && found.expiresAt > now && found.createdAt > startedAfter ? found : null;
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
