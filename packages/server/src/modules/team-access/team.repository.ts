import type { BillingState } from '@rotaboard/core/plans/subscription';
import { and, asc, count, eq, gte, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { batchedReads } from '../../db/batched-reads.ts';
import type { Db } from '../../db/db.ts';
import { memoFor } from '../../db/read-memo.ts';
import { reusableStatement } from '../../db/reusable-statement.ts';
import type { TeamRow } from '../../db/rows.ts';
import { staff, teams, users } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';
import { billingStateColumns, billingStateOf } from '../../lib/billing-state.ts';
import { UUID_TEXT } from '../../lib/uuid-text.ts';

export type TeamWithAccess = {
  team: TeamRow;
  /** The owner's subscription, from which core's resolveTier gives the team's plan. */
  ownerBilling: BillingState;
  ownerEmail: string;
  /** Whether this is the owner's oldest team: the one a Free owner may still change (TEAM_READ_ONLY_ON_FREE). */
  isOwnersFirstTeam: boolean;
  /** The caller's staff row in the team, when linked to one and not past its leaving date. */
  membership: { staffId: string; isAdmin: boolean; leavingDate: string | null } | null;
};

/**
 * Every team route reads the caller's access: that statement is built once and prepared by name
 * (reusable-statement.ts), so the query builder does not assemble it on each request and the database
 * plans it once. It reads every (team, user) asked in one turn of the event loop at once
 * (batched-reads.ts): the asked users' staff rows in the asked teams, each row naming its user.
 */
const accessForUsers = reusableStatement((db) =>
  accessQuery(db, sql`${staff.userId} = any(${sql.placeholder('userIds')})`, sql.placeholder('activeOn'))
    .where(sql`${teams.id} = any(${sql.placeholder('teamIds')})`)
    .prepare('team_access_for_users'),
);
type AccessAsk = { teamId: string; userId: string; activeOn: string };
type AccessRow = Awaited<ReturnType<ReturnType<typeof accessForUsers>['execute']>>[number];
const accessBatches = batchedReads<AccessAsk, AccessRow>(async (db, asks) => {
  const answers: (AccessRow | null)[] = asks.map(() => null);
  // One query per day asked (two only around midnight UTC); an id no team could have finds nothing.
  const byDay = new Map<string, { index: number; teamId: string; userId: string }[]>();
  asks.forEach((ask, index) => {
    const teamId = ask.teamId.toLowerCase();
    const userId = ask.userId.toLowerCase();
    // The batch's query is sent no other id: one bad id would fail every ask of the batch.
    if (!UUID_TEXT.test(teamId) || !UUID_TEXT.test(userId)) return;
    const ofDay = byDay.get(ask.activeOn) ?? [];
    ofDay.push({ index, teamId, userId });
    byDay.set(ask.activeOn, ofDay);
  });
  for (const [activeOn, ofDay] of byDay) {
    const rows = await accessForUsers(db).execute({
      teamIds: [...new Set(ofDay.map((ask) => ask.teamId))],
      userIds: [...new Set(ofDay.map((ask) => ask.userId))],
      activeOn,
    });
    const byTeam = new Map<string, AccessRow[]>();
    for (const row of rows) {
      const ofTeam = byTeam.get(row.team.id);
      if (ofTeam) ofTeam.push(row);
      else byTeam.set(row.team.id, [row]);
    }
    for (const { index, teamId, userId } of ofDay) {
      const ofTeam = byTeam.get(teamId) ?? [];
      // The team with this user's staff row; else the team with none (its rows are other asked
      // users'), as the left join answers for one user.
      const own = ofTeam.find((row) => row.staffUserId === userId);
      const team = ofTeam[0];
      answers[index] =
        own ?? (team ? { ...team, staffId: null, staffIsAdmin: null, staffLeavingDate: null } : null);
    }
  }
  return answers;
});
// The answer is remembered (read-memo.ts); the day asked (the earliest today anywhere, which the
// team's own today then narrows in team-access.ts) is in the key, so a leaving date ends access at
// the team's midnight all the same. On PGlite until the next write. On PostgreSQL until a write names the team
// (its row, its staff, and its shifts: they move the schedule version the week's ETag is built from,
// so shift writes name the team too) or the owner (plan, address, which team is the first), or for
// MEMO_TTL_MS.
const accessMemo = {
  name: 'team-access',
  tagsOf: (a: TeamWithAccess) => [memoTags.team(a.team.id), memoTags.user(a.team.ownerId)],
};
const accessMemos = new WeakMap<Db, ReturnType<typeof memoFor<TeamWithAccess>>>();

export type ScheduleLock = Pick<TeamRow, 'lockedUntil' | 'hideScheduleAfterLock'>;
/**
 * Every announced shift change reads its team's lock (what staff may hear of it): remembered under a
 * tag of its own, which only the lock's own writes name, so a team's stream of shift changes does not
 * make each announcement ask the database again.
 */
type RememberedLock = ScheduleLock & { teamId: string };
const lockMemo = { name: 'schedule-lock', tagsOf: (l: RememberedLock) => [memoTags.teamLock(l.teamId)] };
const lockMemos = new WeakMap<Db, ReturnType<typeof memoFor<RememberedLock>>>();

/**
 * A leaving date is the last working day: from the day after it, the person's row no longer makes
 * them a member, so every team route answers as for an outsider. The query keeps the staff rows whose
 * leaving date is on or after `activeOn`; callers pass the earliest today anywhere (lib/calendar.ts
 * earliestToday) and decide exactly with the team's zone (team-access.ts), so one prepared statement
 * and one memo key serve teams in every zone.
 */
function accessQuery(db: Db, staffOfUser: SQL, activeOn: string | Placeholder) {
  return db
    .select({
      team: teams,
      ...billingStateColumns,
      ownerEmail: users.email,
      isOwnersFirstTeam: sql<boolean>`${teams.id} = (select t.id from teams t where t.owner_id = ${teams.ownerId} order by t.created_at, t.id limit 1)`,
      staffId: staff.id,
      staffIsAdmin: staff.isAdmin,
      staffLeavingDate: staff.leavingDate,
      staffUserId: staff.userId,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.ownerId))
    .leftJoin(
      staff,
      and(
        eq(staff.teamId, teams.id),
        staffOfUser,
        or(isNull(staff.leavingDate), gte(staff.leavingDate, activeOn)),
      ),
    );
}

/** All database access for teams; no rules here. */
export function createTeamRepository(db: Db) {
  const base = (userId: string, activeOn: string) => accessQuery(db, eq(staff.userId, userId), activeOn);

  const toAccess = (
    row: Awaited<ReturnType<ReturnType<typeof accessQuery>['execute']>>[number],
  ): TeamWithAccess => ({
    team: row.team,
    ownerBilling: billingStateOf(row),
    ownerEmail: row.ownerEmail,
    isOwnersFirstTeam: Boolean(row.isOwnersFirstTeam),
    membership: row.staffId
      ? { staffId: row.staffId, isAdmin: row.staffIsAdmin ?? false, leavingDate: row.staffLeavingDate }
      : null,
  });

  return {
    /**
     * Teams the user owns or is linked to as staff with no leaving date before `activeOn`, oldest
     * first (team-access.ts teamsOfUser narrows it to each team's today).
     */
    async listForUser(userId: string, activeOn: string): Promise<TeamWithAccess[]> {
      const rows = await base(userId, activeOn)
        .where(or(eq(teams.ownerId, userId), eq(staff.userId, userId)))
        .orderBy(asc(teams.createdAt), asc(teams.name));
      return rows.map(toAccess);
    },

    /** The team with the user's staff row when its leaving date is not before `activeOn`. */
    async findForUser(teamId: string, userId: string, activeOn: string): Promise<TeamWithAccess | null> {
      return memoFor(
        accessMemos,
        db,
        accessMemo,
      )(`${teamId}/${userId}/${activeOn}`, async () => {
        const row = await accessBatches(db).load({ teamId, userId, activeOn });
        return row ? toAccess(row) : null;
      });
    },

    /** The team's schedule lock, or null when the team is gone. */
    async findScheduleLock(teamId: string): Promise<ScheduleLock | null> {
      return memoFor(
        lockMemos,
        db,
        lockMemo,
      )(teamId, async () => {
        const [row] = await db
          .select({ lockedUntil: teams.lockedUntil, hideScheduleAfterLock: teams.hideScheduleAfterLock })
          .from(teams)
          .where(eq(teams.id, teamId));
        return row ? { teamId, ...row } : null;
      });
    },

    /** Locks the team row until the transaction ends: changes to one team's staff queue up. */
    async lock(teamId: string): Promise<TeamRow> {
      const [row] = await db.select().from(teams).where(eq(teams.id, teamId)).for('update');
      return row!;
    },

    async countOwnedBy(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.ownerId, userId));
      return row?.n ?? 0;
    },

    async insert(values: {
      name: string;
      weekStartDay: number;
      /** Absent: UTC, the column's default. */
      timeZone?: string;
      /** ISO 4217; absent: the column's default. */
      currency?: string;
      ownerId: string;
      ownerInStaffList: boolean;
    }) {
      const [row] = await db.insert(teams).values(values).returning();
      // Which of the owner's teams is the first (isOwnersFirstTeam) is read with each of them.
      await invalidateReads(db, [memoTags.user(values.ownerId)]);
      return row!;
    },

    async update(
      teamId: string,
      values: Partial<
        Pick<
          TeamRow,
          'name' | 'weekStartDay' | 'timeZone' | 'currency' | 'ownerInStaffList' | 'scheduleAgentEnabled'
        >
      >,
    ): Promise<TeamRow> {
      const [row] = await db
        .update(teams)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(teams.id, teamId))
        .returning();
      await invalidateReads(db, [memoTags.team(teamId)]);
      return row!;
    },

    /** Deletes the team; its staff, hours and audit rows go with it (ON DELETE CASCADE). */
    async delete(teamId: string) {
      const invited = await db
        .update(users)
        .set({ pendingInviteTeamId: null })
        .where(eq(users.pendingInviteTeamId, teamId))
        .returning({ id: users.id });
      const [gone] = await db.delete(teams).where(eq(teams.id, teamId)).returning({ ownerId: teams.ownerId });
      // The sessions of those invited carry their row; the owner's other teams, which is the first.
      await invalidateReads(db, [
        memoTags.team(teamId),
        memoTags.teamLock(teamId),
        memoTags.teamSettings(teamId),
        ...(gone ? [memoTags.user(gone.ownerId)] : []),
        ...invited.map((u) => memoTags.user(u.id)),
      ]);
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;

export type { TeamRow };
