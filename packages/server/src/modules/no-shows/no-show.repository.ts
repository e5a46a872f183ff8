import { and, count, eq, gt, gte, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { noShowAlerts, shifts, staff, teams, timesheets, users } from '../../db/schema.ts';
import { teamsAdministeredBy } from '../../lib/administered-teams.ts';
import { teamTodaySql } from '../../lib/calendar.ts';

/**
 * The advisory lock one checker holds while it checks: a pair of keys, a space of its own apart from
 * the single-key locks other writes take (requests' `hashtext(…)`), so no other lock can share it.
 */
const CHECK_LOCK_KEYS = [44, 1] as const;

/** A clock-in for a shift: the time clock's `timesheets` row with its id (read here, not through that module). */
const clockedIn = (db: Db) =>
  db.select({ id: timesheets.id }).from(timesheets).where(eq(timesheets.shiftId, noShowAlerts.shiftId));

/** All database access for no-show alerts; no rules here. */
export function createNoShowRepository(db: Db) {
  return {
    /**
     * Takes the check's lock for the rest of this transaction, or answers false at once when another
     * process holds it (it is checking now: this round is theirs).
     */
    async tryCheckLock(): Promise<boolean> {
      const result = await db.execute(
        sql`select pg_try_advisory_xact_lock(${CHECK_LOCK_KEYS[0]}::int, ${CHECK_LOCK_KEYS[1]}::int) as locked`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        locked: boolean;
      }[];
      return rows[0]?.locked === true;
    },

    /**
     * Shifts dated from `startDate` to `endDate` with times, not time off or sick, that nobody has
     * clocked in for and no alert was sent for, with their team's zone, lateness and owner, and their
     * person's name: the candidates the rule (core day/no-show) decides on.
     */
    async candidates(startDate: string, endDate: string) {
      return db
        .select({
          shiftId: shifts.id,
          staffId: shifts.staffId,
          shiftDate: shifts.shiftDate,
          startTime: shifts.startTime,
          endTime: shifts.endTime,
          isTimeOff: shifts.isTimeOff,
          sick: shifts.sick,
          teamId: teams.id,
          teamName: teams.name,
          timeZone: teams.timeZone,
          lateAfterMinutes: teams.lateAfterMinutes,
          ownerId: teams.ownerId,
          firstName: staff.firstName,
          lastName: staff.lastName,
        })
        .from(shifts)
        .innerJoin(teams, eq(teams.id, shifts.teamId))
        .innerJoin(staff, eq(staff.id, shifts.staffId))
        .where(
          and(
            gte(shifts.shiftDate, startDate),
            lte(shifts.shiftDate, endDate),
            eq(shifts.isTimeOff, false),
            eq(shifts.sick, false),
            isNotNull(shifts.startTime),
            isNotNull(shifts.endTime),
            notExists(
              db.select({ id: timesheets.id }).from(timesheets).where(eq(timesheets.shiftId, shifts.id)),
            ),
            notExists(
              db
                .select({ id: noShowAlerts.shiftId })
                .from(noShowAlerts)
                .where(eq(noShowAlerts.shiftId, shifts.id)),
            ),
          ),
        );
    },

    /** The alert for a shift, or null when one exists already (the primary key): only the inserter sends. */
    async insertAlert(values: { shiftId: string; teamId: string; staffId: string; sentAt: Date }) {
      const [row] = await db
        .insert(noShowAlerts)
        .values(values)
        .onConflictDoNothing({ target: noShowAlerts.shiftId })
        .returning();
      return row ?? null;
    },

    /**
     * Marks resolved the alerts sent since `since` whose person has clocked in for the shift since
     * (older ones are off the bell anyway: the check does not reread them every minute forever).
     */
    async resolveClockedIn(now: Date, since: Date): Promise<number> {
      const rows = await db
        .update(noShowAlerts)
        .set({ resolvedAt: now })
        .where(
          and(
            isNull(noShowAlerts.resolvedAt),
            gt(noShowAlerts.sentAt, since),
            sql`exists (select 1 from ${timesheets} where ${timesheets.shiftId} = ${noShowAlerts.shiftId})`,
          ),
        )
        .returning({ shiftId: noShowAlerts.shiftId });
      return rows.length;
    },

    /** The owners and administrators (as of each team's today) of these teams, with their address and clock. */
    async ownersAndAdmins(teamIds: readonly string[], now: Date) {
      if (teamIds.length === 0) return [];
      const owners = await db
        .select({
          teamId: teams.id,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          timeFormat: users.timeFormat,
        })
        .from(teams)
        .innerJoin(users, eq(users.id, teams.ownerId))
        .where(inArray(teams.id, [...teamIds]));
      const admins = await db
        .select({
          teamId: staff.teamId,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          timeFormat: users.timeFormat,
        })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.userId))
        .innerJoin(teams, eq(teams.id, staff.teamId))
        .where(
          and(
            inArray(staff.teamId, [...teamIds]),
            eq(staff.isAdmin, true),
            or(isNull(staff.leavingDate), gte(staff.leavingDate, teamTodaySql(now))),
          ),
        );
      return [...owners, ...admins];
    },

    /**
     * The bell (type `no_shows`): per team `userId` owns or administers, alerts of the last day
     * (`since`) not resolved, whose shift is still a shift (not called in sick since) and whose person
     * has not clocked in for it since.
     */
    async unresolvedForReviewer(userId: string, now: Date, since: Date) {
      const adminTeams = teamsAdministeredBy(db, userId, now);
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          ownerId: teams.ownerId,
          pendingCount: count(noShowAlerts.shiftId),
        })
        .from(noShowAlerts)
        .innerJoin(teams, eq(teams.id, noShowAlerts.teamId))
        .innerJoin(shifts, eq(shifts.id, noShowAlerts.shiftId))
        .where(
          and(
            isNull(noShowAlerts.resolvedAt),
            gt(noShowAlerts.sentAt, since),
            // Called in sick (or made time off) since: nobody is missing any more.
            eq(shifts.isTimeOff, false),
            notExists(clockedIn(db)),
            or(eq(teams.ownerId, userId), inArray(noShowAlerts.teamId, adminTeams)),
          ),
        )
        .groupBy(teams.id, teams.name, teams.ownerId)
        .orderBy(teams.name);
    },
  };
}
