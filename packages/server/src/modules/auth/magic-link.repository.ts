import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { magicLinks } from '../../db/schema.ts';

export type MagicLinkRow = typeof magicLinks.$inferSelect;

/** All database access for sign-in links; no rules here. */
export function createMagicLinkRepository(db: Db) {
  return {
    async latestSentTo(email: string): Promise<MagicLinkRow | null> {
      const [row] = await db
        .select()
        .from(magicLinks)
        .where(eq(magicLinks.sentTo, email))
        .orderBy(desc(magicLinks.createdAt))
        .limit(1);
      return row ?? null;
    },

    async insert(values: {
      userId: string;
      sentTo: string;
      tokenHash: string;
      expiresAt: Date;
      requestedIp: string | null;
    }) {
      const [row] = await db.insert(magicLinks).values(values).returning({ id: magicLinks.id });
      return row!.id;
    },

    async deleteById(id: string) {
      await db.delete(magicLinks).where(eq(magicLinks.id, id));
    },

    async findByTokenHash(tokenHash: string): Promise<MagicLinkRow | null> {
      const [row] = await db.select().from(magicLinks).where(eq(magicLinks.tokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    /** Marks the link used; false when another request used it first. */
    async markUsed(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(magicLinks)
        .set({ usedAt: now })
        .where(and(eq(magicLinks.id, id), isNull(magicLinks.usedAt)))
        .returning({ id: magicLinks.id });
      return rows.length === 1;
    },

    /** Once one link signs in, the user's other unused links stop working. */
    async retireUnusedForUser(userId: string, now: Date) {
      await db
        .update(magicLinks)
        .set({ usedAt: now })
        .where(and(eq(magicLinks.userId, userId), isNull(magicLinks.usedAt)));
    },
  };
}
export type MagicLinkRepository = ReturnType<typeof createMagicLinkRepository>;
