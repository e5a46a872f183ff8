import { and, count, eq, gte, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { openShiftClaims, openShifts, sickCoverOffers, staff, teams, users } from '../../db/schema.ts';
import { teamTodaySql } from '../../lib/calendar.ts';

/** All database access for sick calls' offers and whom they tell; no rules here. */
export function createSickCallRepository(db: Db) {
  return {
    /** The colleagues a sick cover is offered to, best ranked first (rank 1). */
    async insertOffers(
      openShiftId: string,
      offers: readonly { staffId: string; rank: number; reason: string }[],
    ): Promise<void> {
      if (offers.length === 0) return;
      await db.insert(sickCoverOffers).values(offers.map((o) => ({ openShiftId, ...o })));
    },

    /** Where to write to these members of staff: their account's address and clock, else the list's. */
    async staffAccounts(staffIds: readonly string[]) {
      if (staffIds.length === 0) return [];
      return db
        .select({
          staffId: staff.id,
          staffFirstName: staff.firstName,
          staffEmail: staff.email,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          timeFormat: users.timeFormat,
        })
        .from(staff)
        .leftJoin(users, eq(users.id, staff.userId))
        .where(inArray(staff.id, [...staffIds]));
    },

    /**
     * The bell's sick covers for `userId` (issue 44): the open shifts offered to their staff row that
     * are not filled, not claimed by them, and dated from the team's yesterday on (a shift begun
     * yesterday may still be running: the caller keeps those not yet over, by core's rule), with each
     * one's date, times and team zone.
     */
    async openOffersFor(userId: string, now: Date) {
      const approved = db
        .select({ n: count() })
        .from(openShiftClaims)
        .where(and(eq(openShiftClaims.openShiftId, openShifts.id), eq(openShiftClaims.status, 'approved')));
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          ownerId: teams.ownerId,
          timeZone: teams.timeZone,
          shiftDate: openShifts.shiftDate,
          startTime: openShifts.startTime,
          endTime: openShifts.endTime,
        })
        .from(sickCoverOffers)
        .innerJoin(staff, eq(staff.id, sickCoverOffers.staffId))
        .innerJoin(openShifts, eq(openShifts.id, sickCoverOffers.openShiftId))
        .innerJoin(teams, eq(teams.id, openShifts.teamId))
        .where(
          and(
            eq(staff.userId, userId),
            or(isNull(staff.leavingDate), gte(staff.leavingDate, teamTodaySql(now))),
            gte(openShifts.shiftDate, sql<string>`${teamTodaySql(now)} - 1`),
            sql`(${approved}) < ${openShifts.staffCount}`,
            notExists(
              db
                .select({ id: openShiftClaims.id })
                .from(openShiftClaims)
                .where(
                  and(
                    eq(openShiftClaims.openShiftId, openShifts.id),
                    eq(openShiftClaims.staffId, sickCoverOffers.staffId),
                  ),
                ),
            ),
          ),
        )
        .orderBy(teams.name, teams.id);
    },
  };
}
