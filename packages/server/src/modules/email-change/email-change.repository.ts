import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { emailChanges } from '../../db/schema.ts';

export type EmailChangeRow = typeof emailChanges.$inferSelect;
const isOpen = and(isNull(emailChanges.completedAt), isNull(emailChanges.cancelledAt));

/** All database access for email changes; no rules here. */
export function createEmailChangeRepository(db: Db) {
  return {
    async findOpenForUser(userId: string): Promise<EmailChangeRow | null> {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), isOpen))
        .limit(1);
      return row ?? null;
    },

    async cancelOpenForUser(userId: string, now: Date): Promise<number> {
      const rows = await db
        .update(emailChanges)
        .set({ cancelledAt: now })
        .where(and(eq(emailChanges.userId, userId), isOpen))
        .returning({ id: emailChanges.id });
      return rows.length;
    },

    async insert(values: { userId: string; newEmail: string; verifyTokenHash: string; expiresAt: Date }) {
      await db.insert(emailChanges).values(values);
    },

    async findByVerifyTokenHash(tokenHash: string): Promise<EmailChangeRow | null> {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.verifyTokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    async findByConfirmTokenHash(tokenHash: string): Promise<EmailChangeRow | null> {
      const [row] = await db
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.confirmTokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    /** Records the new address as verified; false when it already was (a second click). */
    async markNewEmailVerified(id: string, confirmTokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailChanges)
        .set({ newEmailVerifiedAt: now, confirmTokenHash })
        .where(and(eq(emailChanges.id, id), isNull(emailChanges.newEmailVerifiedAt), isOpen))
        .returning({ id: emailChanges.id });
      return rows.length === 1;
    },

    async markCompleted(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(emailChanges)
        .set({ completedAt: now })
        .where(and(eq(emailChanges.id, id), isOpen))
        .returning({ id: emailChanges.id });
      return rows.length === 1;
    },
  };
}
