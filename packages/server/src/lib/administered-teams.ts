import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/db.ts';
import { staff, teams } from '../db/schema.ts';
import { teamTodaySql } from './calendar.ts';

/**
 * The teams `userId` administers at the instant `now` (an administrator's row whose leaving date has not
 * passed in that team's time zone), as a subquery of `teamId`s: the bells of requests, open-shift claims
 * and no-shows each count what waits "in the teams I own or administer" with it. Owners are matched
 * by `teams.owner_id` beside it.
 */
export function teamsAdministeredBy(db: Db, userId: string, now: Date) {
  const adminTeam = alias(teams, 'admin_team');
  return db
    .select({ teamId: staff.teamId })
    .from(staff)
    .innerJoin(adminTeam, eq(adminTeam.id, staff.teamId))
    .where(
      and(
        eq(staff.userId, userId),
        eq(staff.isAdmin, true),
        or(isNull(staff.leavingDate), gte(staff.leavingDate, teamTodaySql(now, adminTeam.timeZone))),
      ),
    );
}
