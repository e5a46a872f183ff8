import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { assistantConversations, assistantMessages, dayNotes } from '../../db/schema.ts';

export type AssistantMessageRow = typeof assistantMessages.$inferSelect;
export type NewAssistantMessage = typeof assistantMessages.$inferInsert;

/** All database access of the assistant: conversations, their messages, the month's count. No rules. */
export function createAssistantRepository(db: Db) {
  return {
    async findConversation(teamId: string, conversationId: string) {
      const [row] = await db
        .select()
        .from(assistantConversations)
        .where(and(eq(assistantConversations.teamId, teamId), eq(assistantConversations.id, conversationId)));
      return row ?? null;
    },

    async createConversation(teamId: string, createdBy: string) {
      const [row] = await db.insert(assistantConversations).values({ teamId, createdBy }).returning();
      return row!;
    },

    async addMessage(values: NewAssistantMessage): Promise<AssistantMessageRow> {
      const [row] = await db.insert(assistantMessages).values(values).returning();
      return row!;
    },

    /** A message released from the month's allowance (its model call failed). */
    async removeMessage(teamId: string, messageId: string): Promise<void> {
      await db
        .delete(assistantMessages)
        .where(and(eq(assistantMessages.teamId, teamId), eq(assistantMessages.id, messageId)));
    },

    /** The conversation's last `limit` messages, oldest first: what the model is reminded of. */
    async recentMessages(conversationId: string, limit: number) {
      const rows = await db
        .select({ role: assistantMessages.role, text: assistantMessages.text })
        .from(assistantMessages)
        .where(eq(assistantMessages.conversationId, conversationId))
        // A question and its reply are written in one transaction, at one now(): the reply is the later.
        .orderBy(desc(assistantMessages.createdAt), desc(sql`${assistantMessages.role} = 'assistant'`))
        .limit(limit);
      return rows.reverse();
    },

    /**
     * Holds the team's assistant allowance until the transaction ends, so a count taken under it and
     * the message written after are one step: two messages racing for the last one cannot both pass.
     */
    async lockAllowance(teamId: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`assistant-allowance:${teamId}`}, 0))`,
      );
    },

    /** The team's messages from its people (not the replies) sent at or after `since`: the month's usage. */
    async countAsked(teamId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(assistantMessages)
        .where(
          and(
            eq(assistantMessages.teamId, teamId),
            eq(assistantMessages.role, 'user'),
            gte(assistantMessages.createdAt, since),
          ),
        );
      return row?.n ?? 0;
    },

    /** The team's day notes from..to, in the order the schedule shows them. */
    async dayNotes(teamId: string, from: string, to: string) {
      return db
        .select({ date: dayNotes.noteDate, text: dayNotes.noteText })
        .from(dayNotes)
        .where(and(eq(dayNotes.teamId, teamId), gte(dayNotes.noteDate, from), lte(dayNotes.noteDate, to)))
        .orderBy(asc(dayNotes.noteDate), asc(dayNotes.createdAt));
    },
  };
}
