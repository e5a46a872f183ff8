import { and, asc, count, eq, gte, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { StaffRow, WeeklyHoursRow } from '../../db/rows.ts';
import { staff, weeklyHours } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

// Every write to the schedule locks its staff member first: built once (reusable-statement.ts).
const lockInTeam = reusableStatement((db) =>
  db
    .select()
    .from(staff)
    .where(and(eq(staff.teamId, sql.placeholder('teamId')), eq(staff.id, sql.placeholder('staffId'))))
    .for('update')
    .prepare('staff_lock_in_team'),
);

/** All database access for a team's staff list, invitations and weekly hours; no rules here. */
export function createStaffRepository(db: Db) {
  return {
    /** The team's staff in display order; with `activeOn`, only those still there that day (core isActiveOn). */
    async listForTeam(teamId: string, activeOn: string | null): Promise<StaffRow[]> {
      const active = activeOn ? or(isNull(staff.leavingDate), gte(staff.leavingDate, activeOn)) : undefined;
      return db
        .select()
        .from(staff)
        .where(and(eq(staff.teamId, teamId), active))
        .orderBy(asc(staff.displayOrder), asc(staff.createdAt));
    },

    async findInTeam(teamId: string, staffId: string): Promise<StaffRow | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.teamId, teamId), eq(staff.id, staffId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The person's row, locked until the transaction ends: every write to one person's schedule takes
     * this lock first, so two clashing entries cannot both pass the conflict check.
     */
    /** The staff member, locked until the transaction ends (every write to their entries takes it). */
    async lockInTeam(teamId: string, staffId: string): Promise<StaffRow | null> {
      const [row] = await lockInTeam(db).execute({ teamId, staffId });
      return row ?? null;
    },

    async findByInviteTokenHash(tokenHash: string): Promise<StaffRow | null> {
      const [row] = await db.select().from(staff).where(eq(staff.inviteTokenHash, tokenHash)).limit(1);
      return row ?? null;
    },

    async findByUser(teamId: string, userId: string): Promise<StaffRow | null> {
      const [row] = await db
        .select()
        .from(staff)
        .where(and(eq(staff.teamId, teamId), eq(staff.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** True when someone else on the team already has this address. */
    async emailUsedByOther(teamId: string, email: string, exceptStaffId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(
            eq(staff.teamId, teamId),
            sql`lower(${staff.email}) = ${email.toLowerCase()}`,
            exceptStaffId ? ne(staff.id, exceptStaffId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async counts(teamId: string): Promise<{ staff: number; admins: number }> {
      const [row] = await db
        .select({
          staff: count(),
          admins: sql<number>`count(*) filter (where ${staff.isAdmin})`.mapWith(Number),
        })
        .from(staff)
        .where(eq(staff.teamId, teamId));
      return { staff: row?.staff ?? 0, admins: row?.admins ?? 0 };
    },

    async nextDisplayOrder(teamId: string): Promise<number> {
      const [row] = await db
        .select({ top: max(staff.displayOrder) })
        .from(staff)
        .where(eq(staff.teamId, teamId));
      return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
    },

    async insert(values: typeof staff.$inferInsert): Promise<StaffRow> {
      const [row] = await db.insert(staff).values(values).returning();
      // Membership, role and leaving date are part of each member's team access.
      await invalidateReads(db, [memoTags.team(row!.teamId)]);
      return row!;
    },

    async update(staffId: string, values: Partial<typeof staff.$inferInsert>): Promise<StaffRow> {
      const [row] = await db
        .update(staff)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(staff.id, staffId))
        .returning();
      if (row) await invalidateReads(db, [memoTags.team(row.teamId)]);
      return row!;
    },

    async delete(staffId: string) {
      const [gone] = await db.delete(staff).where(eq(staff.id, staffId)).returning({ teamId: staff.teamId });
      if (gone) await invalidateReads(db, [memoTags.team(gone.teamId)]);
    },

    /** Writes the display order as given: the first id gets 0, the next 1, and so on. */
    async setOrder(teamId: string, staffIds: readonly string[]) {
      for (const [index, id] of staffIds.entries()) {
        await db
          .update(staff)
          .set({ displayOrder: index })
          .where(and(eq(staff.teamId, teamId), eq(staff.id, id)));
      }
    },

    async listWeeklyHours(teamId: string, staffId: string | undefined): Promise<WeeklyHoursRow[]> {
      return db
        .select()
        .from(weeklyHours)
        .where(and(eq(weeklyHours.teamId, teamId), staffId ? eq(weeklyHours.staffId, staffId) : undefined))
        .orderBy(asc(weeklyHours.staffId), asc(weeklyHours.effectiveFrom));
    },

    async findWeeklyHours(teamId: string, entryId: string): Promise<WeeklyHoursRow | null> {
      const [row] = await db
        .select()
        .from(weeklyHours)
        .where(and(eq(weeklyHours.teamId, teamId), eq(weeklyHours.id, entryId)))
        .limit(1);
      return row ?? null;
    },

    async weeklyHoursDateTaken(staffId: string, effectiveFrom: string, exceptEntryId: string | null) {
      const [row] = await db
        .select({ id: weeklyHours.id })
        .from(weeklyHours)
        .where(
          and(
            eq(weeklyHours.staffId, staffId),
            eq(weeklyHours.effectiveFrom, effectiveFrom),
            exceptEntryId ? ne(weeklyHours.id, exceptEntryId) : undefined,
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async insertWeeklyHours(values: typeof weeklyHours.$inferInsert): Promise<WeeklyHoursRow> {
      const [row] = await db.insert(weeklyHours).values(values).returning();
      return row!;
    },

    async updateWeeklyHours(entryId: string, values: { hoursPerWeek: number; effectiveFrom: string }) {
      const [row] = await db
        .update(weeklyHours)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(weeklyHours.id, entryId))
        .returning();
      return row!;
    },

    async deleteWeeklyHours(entryId: string) {
      await db.delete(weeklyHours).where(eq(weeklyHours.id, entryId));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;

export type { StaffRow, WeeklyHoursRow };
