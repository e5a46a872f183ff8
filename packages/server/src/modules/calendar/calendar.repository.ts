import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { auditLog, calendarFeeds, shifts, staff } from '../../db/schema.ts';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** One of the person's own entries in a team, with what its event needs. */
export type FeedEntryRow = {
  shiftId: string;
  shiftDate: string;
  startTime: string | null;
  endTime: string | null;
  isTimeOff: boolean;
  /** Time off because the person called in sick (issue 44): the event says "Sick". */
  sick: boolean;
  notes: string | null;
  notesVisibleToAll: boolean;
  role: string;
  updatedAt: Date;
  /** How many times the entry was changed since it was made, from its audit rows (the event's SEQUENCE). */
  changes: number;
};

/** All database access for calendar feeds; no rules here. */
export function createCalendarRepository(db: Db) {
  return {
    async findForUser(userId: string): Promise<CalendarFeedRow | null> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return row ?? null;
    },

    async findByTokenHash(tokenHash: string): Promise<CalendarFeedRow | null> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Makes the user's feed unless one exists (two first asks at once make one); returns the one kept. */
    async createIfMissing(userId: string, tokenHash: string): Promise<CalendarFeedRow> {
      const [made] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoNothing({ target: calendarFeeds.userId })
        .returning();
      if (made) return made;
      const [kept] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
      return kept!;
    },

    /** Gives the user's feed a new token, making it if there was none. */
    async replace(userId: string, tokenHash: string): Promise<CalendarFeedRow> {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash, updatedAt: new Date() },
        })
        .returning();
      return row!;
    },

    /** One member of staff's shifts and time off from `startDate` to `endDate`, in date and time order. */
    async listEntries(staffId: string, startDate: string, endDate: string): Promise<FeedEntryRow[]> {
      const changes = sql<number>`(select count(*) from ${auditLog} where ${auditLog.entityType} = 'shift' and ${auditLog.entityId} = ${shifts.id} and ${auditLog.action} <> 'CREATE')`;
      const rows = await db
        .select({
          shiftId: shifts.id,
          shiftDate: shifts.shiftDate,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
          isTimeOff: shifts.isTimeOff,
          sick: shifts.sick,
          notes: shifts.notes,
          notesVisibleToAll: shifts.notesVisibleToAll,
          role: staff.role,
          updatedAt: shifts.updatedAt,
          changes,
        })
        .from(shifts)
        .innerJoin(staff, eq(staff.id, shifts.staffId))
        .where(
          and(eq(shifts.staffId, staffId), gte(shifts.shiftDate, startDate), lte(shifts.shiftDate, endDate)),
        )
        .orderBy(asc(shifts.shiftDate), asc(shifts.startTime), asc(shifts.id));
      // count(*) is a bigint, which the drivers hand over as a string.
      return rows.map((row) => ({ ...row, changes: Number(row.changes) }));
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
