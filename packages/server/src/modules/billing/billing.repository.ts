import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { billingEvents, demoBillingSessions, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

export type DemoSessionRow = typeof demoBillingSessions.$inferSelect;

/** All database access for billing: the account's subscription columns, applied events, demo sessions. */
export function createBillingRepository(db: Db) {
  return {
    /** The account, locked until the transaction ends: reports for one account apply one at a time. */
    async lockUser(userId: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return row ?? null;
    },

    async findUserIdByCustomer(customerId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.billingCustomerId, customerId));
      return row?.id ?? null;
    },

    async setCustomer(userId: string, provider: 'stripe' | 'demo', customerId: string): Promise<void> {
      await db
        .update(users)
        .set({ billingProvider: provider, billingCustomerId: customerId })
        .where(eq(users.id, userId));
      await invalidateReads(db, [memoTags.user(userId)]);
    },

    async setSubscription(
      userId: string,
      values: Pick<
        UserRow,
        | 'billingProvider'
        | 'billingSubscriptionId'
        | 'billingStatus'
        | 'billingCurrency'
        | 'billingPeriodEnd'
        | 'billingCancelAtPeriodEnd'
        | 'billingPastDueSince'
        | 'billingEventAt'
      >,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
      // The plan of every team the user owns (team access) and their session's row.
      await invalidateReads(db, [memoTags.user(userId)]);
    },

    /** Records a provider event id; false when it was already recorded (a replay). */
    async recordEvent(id: string, type: string, userId: string | null): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values({ id, type, userId })
        .onConflictDoNothing()
        .returning({ id: billingEvents.id });
      return inserted.length > 0;
    },

    async insertDemoSession(values: typeof demoBillingSessions.$inferInsert): Promise<void> {
      await db.insert(demoBillingSessions).values(values);
    },

    /** The user's demo session by id (another user's is not found). */
    async findDemoSession(
      id: string,
      userId: string,
      kind: DemoSessionRow['kind'],
    ): Promise<DemoSessionRow | null> {
      const [row] = await db
        .select()
        .from(demoBillingSessions)
        .where(
          and(
            eq(demoBillingSessions.id, id),
            eq(demoBillingSessions.userId, userId),
            eq(demoBillingSessions.kind, kind),
          ),
        );
      return row ?? null;
    },

    /** Marks an open, unexpired checkout complete; false when it was not (paid twice, or expired). */
    async completeDemoSession(id: string, now: Date): Promise<boolean> {
      const done = await db
        .update(demoBillingSessions)
        .set({ completedAt: now })
        .where(
          and(
            eq(demoBillingSessions.id, id),
            isNull(demoBillingSessions.completedAt),
            gt(demoBillingSessions.expiresAt, now),
          ),
        )
        .returning({ id: demoBillingSessions.id });
      return done.length > 0;
    },
  };
}
