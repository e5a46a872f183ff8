import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { staff, teams, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

/** All database access for user accounts; no rules here. */
export function createUserRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findByIds(ids: readonly string[]): Promise<UserRow[]> {
      return ids.length === 0
        ? []
        : db
            .select()
            .from(users)
            .where(inArray(users.id, [...ids]));
    },

    async findByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /** Returns the account for the address, creating it on first use. */
    async findOrCreateByEmail(email: string): Promise<UserRow> {
      await db.insert(users).values({ email }).onConflictDoNothing({ target: users.email });
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row!;
    },

    /** Locks the user's row until the transaction ends, so two requests for one address queue up. */
    async lockById(id: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    },

    async updateProfile(id: string, values: { firstName: string; lastName: string }): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await invalidateReads(db, [memoTags.user(id)]);
      return row!;
    },

    async updatePreferences(
      id: string,
      values: { requestEmails?: boolean; timeFormat?: UserRow['timeFormat'] },
    ): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await invalidateReads(db, [memoTags.user(id)]);
      return row!;
    },

    async updateEmail(id: string, email: string): Promise<void> {
      await db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, id));
      await invalidateReads(db, [memoTags.user(id)]);
    },

    async emailTakenByOther(email: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      return Boolean(row);
    },

    /** Records a sign-in and takes the invitation to report, if one is waiting. */
    async recordLogin(id: string, now: Date): Promise<{ pendingInviteTeamId: string | null }> {
      const [before] = await db
        .select({ pendingInviteTeamId: users.pendingInviteTeamId })
        .from(users)
        .where(eq(users.id, id));
      await db.update(users).set({ lastLoginAt: now, pendingInviteTeamId: null }).where(eq(users.id, id));
      await invalidateReads(db, [memoTags.user(id)]);
      return { pendingInviteTeamId: before?.pendingInviteTeamId ?? null };
    },

    /** True when the user owns a team or is linked to a staff row of one. */
    async belongsToAnyTeam(id: string): Promise<boolean> {
      const [owned] = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, id)).limit(1);
      if (owned) return true;
      const [member] = await db.select({ id: staff.id }).from(staff).where(eq(staff.userId, id)).limit(1);
      return Boolean(member);
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;

export type { UserRow };
