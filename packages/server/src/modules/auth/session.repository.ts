import { and, eq, gt, sql } from 'drizzle-orm';
import { batchedReads } from '../../db/batched-reads.ts';
import type { Db } from '../../db/db.ts';
import { memoFor } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import { sessions, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

export type SessionWithUser = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  user: typeof users.$inferSelect;
};

// Every API request looks its session up: built once and prepared by name (reusable-statement.ts), not
// assembled by the query builder on each request, and planned once by the database. It reads every
// token asked in one turn of the event loop at once (batched-reads.ts).
const liveByTokenHashes = reusableStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        sql`${sessions.tokenHash} = any(${sql.placeholder('tokenHashes')})`,
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.createdAt, sql.placeholder('startedAfter')),
      ),
    )
    .prepare('session_live_by_token_hashes'),
);
type SessionAsk = { tokenHash: string; now: Date; startedAfter: Date };
type Row = Awaited<ReturnType<ReturnType<typeof liveByTokenHashes>['execute']>>[number];
// The batch asks with its earliest clock, so it finds every session one of its asks could accept;
// findLiveByTokenHash checks each against its own request's clock, as it does a remembered one.
const sessionBatches = batchedReads<SessionAsk, Row>(async (db, asks) => {
  const earliest = (times: Date[]) => new Date(Math.min(...times.map((t) => t.getTime())));
  const rows = await liveByTokenHashes(db).execute({
    tokenHashes: [...new Set(asks.map((a) => a.tokenHash))],
    now: earliest(asks.map((a) => a.now)),
    startedAfter: earliest(asks.map((a) => a.startedAfter)),
  });
  const byHash = new Map(rows.map((row) => [row.session.tokenHash, row]));
  return asks.map((a) => byHash.get(a.tokenHash) ?? null);
});

// The session behind a token is remembered (read-memo.ts): on PGlite until the next write; on
// PostgreSQL until a write names its token, its id or its user (every users write names the user,
// since the answer carries the whole row), or for MEMO_TTL_MS.
const sessionMemo = {
  name: 'session',
  tagsOf: (s: SessionWithUser & { tokenHash: string }) => [
    memoTags.session(s.tokenHash),
    memoTags.sessionId(s.sessionId),
    memoTags.user(s.user.id),
  ],
};
const liveSessions = new WeakMap<Db, ReturnType<typeof memoFor<SessionWithUser & { tokenHash: string }>>>();

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
      const found = await memoFor(
        liveSessions,
        db,
        sessionMemo,
      )(tokenHash, async () => {
        const row = await sessionBatches(db).load({ tokenHash, now, startedAfter });
        if (!row) return null;
        return {
          tokenHash,
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
      await invalidateReads(db, [memoTags.sessionId(sessionId)]);
    },

    async deleteByTokenHash(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      await invalidateReads(db, [memoTags.session(tokenHash)]);
    },

    async deleteAllForUser(userId: string): Promise<number> {
      const removed = await db
        .delete(sessions)
        .where(eq(sessions.userId, userId))
        .returning({ id: sessions.id });
      await invalidateReads(db, [memoTags.user(userId)]);
      return removed.length;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
