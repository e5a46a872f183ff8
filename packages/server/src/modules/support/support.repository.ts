import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { supportMessages, supportTickets, users } from '../../db/schema.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

/** All database access for support tickets; no rules here. */
export function createSupportRepository(db: Db) {
  return {
    async insertTicket(values: typeof supportTickets.$inferInsert): Promise<TicketRow> {
      const [row] = await db.insert(supportTickets).values(values).returning();
      return row!;
    },

    async insertMessage(values: typeof supportMessages.$inferInsert): Promise<MessageRow> {
      const [row] = await db.insert(supportMessages).values(values).returning();
      return row!;
    },

    /** A user's tickets, most recently active first. */
    async listForUser(userId: string): Promise<TicketRow[]> {
      return db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.userId, userId))
        .orderBy(desc(supportTickets.updatedAt));
    },

    /** Every ticket with its owner's account (agents sort Pro first). */
    async listAll() {
      return db
        .select({ ticket: supportTickets, user: users })
        .from(supportTickets)
        .innerJoin(users, eq(users.id, supportTickets.userId))
        .orderBy(desc(supportTickets.updatedAt));
    },

    async find(ticketId: string): Promise<TicketRow | null> {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
      return row ?? null;
    },

    async lock(ticketId: string): Promise<TicketRow | null> {
      const [row] = await db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.id, ticketId))
        .for('update');
      return row ?? null;
    },

    async messages(ticketId: string) {
      return db
        .select({ message: supportMessages, authorFirstName: users.firstName })
        .from(supportMessages)
        .leftJoin(users, eq(users.id, supportMessages.authorId))
        .where(eq(supportMessages.ticketId, ticketId))
        .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    },

    async update(
      ticketId: string,
      values: Partial<Pick<TicketRow, 'status' | 'unreadByUser' | 'unreadBySupport' | 'updatedAt'>>,
    ): Promise<TicketRow> {
      const [row] = await db
        .update(supportTickets)
        .set(values)
        .where(eq(supportTickets.id, ticketId))
        .returning();
      return row!;
    },

    /** Tickets with a reply this side has not opened: a user's own, or (for agents) everyone's. */
    async unreadCount(side: { userId: string } | 'support'): Promise<number> {
      const where =
        side === 'support'
          ? eq(supportTickets.unreadBySupport, true)
          : and(eq(supportTickets.userId, side.userId), eq(supportTickets.unreadByUser, true));
      const [row] = await db.select({ n: count() }).from(supportTickets).where(where);
      return row?.n ?? 0;
    },

    async findUser(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },
  };
}
