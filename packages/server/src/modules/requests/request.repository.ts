import { and, count, desc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { requests, shifts, staff, teams, users } from '../../db/schema.ts';
import { teamsAdministeredBy } from '../../lib/administered-teams.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestWithNames = RequestRow & {
  staffFirstName: string;
  staffLastName: string;
  reviewerName: string | null;
};

/** All database access for requests; no rules here. */
export function createRequestRepository(db: Db) {
  const withNames = {
    request: requests,
    staffFirstName: staff.firstName,
    staffLastName: staff.lastName,
    reviewerFirst: users.firstName,
    reviewerLast: users.lastName,
  };
  const toRow = (r: {
    request: RequestRow;
    staffFirstName: string;
    staffLastName: string;
    reviewerFirst: string | null;
    reviewerLast: string | null;
  }): RequestWithNames => ({
    ...r.request,
    staffFirstName: r.staffFirstName,
    staffLastName: r.staffLastName,
    reviewerName: r.reviewerFirst === null ? null : `${r.reviewerFirst} ${r.reviewerLast ?? ''}`.trim(),
  });

  return {
    async insert(values: typeof requests.$inferInsert): Promise<RequestRow> {
      const [row] = await db.insert(requests).values(values).returning();
      return row!;
    },

    /**
     * The team's requests, newest first; `onlyBy` limits them to one requester's and those naming
     * `orNaming` (the staff row of the colleague a swap or give-away asks).
     */
    async page(
      teamId: string,
      options: {
        onlyBy: string | null;
        orNaming?: string | null;
        status?: string | undefined;
        offset: number;
        limit: number;
      },
    ): Promise<{ rows: RequestWithNames[]; totalCount: number }> {
      const filters: SQL[] = [eq(requests.teamId, teamId)];
      if (options.onlyBy) {
        filters.push(
          options.orNaming
            ? or(eq(requests.requestedBy, options.onlyBy), eq(requests.targetStaffId, options.orNaming))!
            : eq(requests.requestedBy, options.onlyBy),
        );
      }
      if (options.status) filters.push(eq(requests.status, options.status as RequestRow['status']));
      const where = and(...filters);
      const rows = await db
        .select(withNames)
        .from(requests)
        .innerJoin(staff, eq(staff.id, requests.staffId))
        .leftJoin(users, eq(users.id, requests.reviewedBy))
        .where(where)
        .orderBy(desc(requests.createdAt), desc(requests.id))
        .limit(options.limit)
        .offset(options.offset);
      const [total] = await db.select({ n: count() }).from(requests).where(where);
      return { rows: rows.map(toRow), totalCount: total?.n ?? 0 };
    },

    /** One request of the team, locked until the transaction ends (so two reviews queue up). */
    async lockInTeam(teamId: string, requestId: string): Promise<RequestRow | null> {
      const [row] = await db
        .select()
        .from(requests)
        .where(and(eq(requests.teamId, teamId), eq(requests.id, requestId)))
        .for('update');
      return row ?? null;
    },

    async findWithNames(requestId: string): Promise<RequestWithNames | null> {
      const [row] = await db
        .select(withNames)
        .from(requests)
        .innerJoin(staff, eq(staff.id, requests.staffId))
        .leftJoin(users, eq(users.id, requests.reviewedBy))
        .where(eq(requests.id, requestId));
      return row ? toRow(row) : null;
    },

    async decide(
      requestId: string,
      values: Pick<RequestRow, 'status' | 'adminComments' | 'reviewedBy' | 'reviewedAt'>,
    ): Promise<RequestRow> {
      const [row] = await db
        .update(requests)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(requests.id, requestId))
        .returning();
      return row!;
    },

    /** The colleague's answer to a swap or give-away: the new status and when they answered. */
    async respond(requestId: string, status: RequestRow['status']): Promise<RequestRow> {
      const now = new Date();
      const [row] = await db
        .update(requests)
        .set({ status, colleagueRespondedAt: now, updatedAt: now })
        .where(eq(requests.id, requestId))
        .returning();
      return row!;
    },

    /** The shifts and colleagues swaps and give-aways name, for describing them (one read each). */
    async exchangeDetails(rows: readonly RequestRow[]) {
      const shiftIds = [
        ...new Set(rows.flatMap((r) => [r.shiftId, r.targetShiftId]).filter((id) => id !== null)),
      ];
      const staffIds = [...new Set(rows.map((r) => r.targetStaffId).filter((id) => id !== null))];
      const shiftRows = shiftIds.length
        ? await db.select().from(shifts).where(inArray(shifts.id, shiftIds))
        : [];
      const staffRows = staffIds.length
        ? await db
            .select({
              id: staff.id,
              firstName: staff.firstName,
              lastName: staff.lastName,
              userId: staff.userId,
            })
            .from(staff)
            .where(inArray(staff.id, staffIds))
        : [];
      return {
        shifts: new Map(shiftRows.map((row) => [row.id, row])),
        staff: new Map(staffRows.map((row) => [row.id, row])),
      };
    },

    /** Requests waiting for `userId`'s answer as the colleague named, per team (the bell). */
    /**
     * The open swap or give-away (waiting for a colleague or for approval) that already involves any
     * of `shiftIds`, as the requester's shift or the one asked for, if there is one. Called after
     * `lockShiftsForExchange`, so two asking at once cannot both find none.
     */
    async openExchangeOn(teamId: string, shiftIds: readonly string[]): Promise<RequestRow | null> {
      const [row] = await db
        .select()
        .from(requests)
        .where(
          and(
            eq(requests.teamId, teamId),
            inArray(requests.status, ['awaiting_colleague', 'pending']),
            or(inArray(requests.shiftId, [...shiftIds]), inArray(requests.targetShiftId, [...shiftIds])),
          ),
        )
        .orderBy(requests.createdAt)
        .limit(1);
      return row ?? null;
    },

    /**
     * Serialises exchange requests on these shifts until the transaction ends: a transaction-scoped
     * advisory lock per shift (sorted, so two transactions never wait on each other crosswise), which
     * needs no row of another module's table and works on PGlite as on PostgreSQL.
     */
    async lockShiftsForExchange(shiftIds: readonly string[]): Promise<void> {
      for (const shiftId of [...new Set(shiftIds)].sort()) {
        await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`request-exchange:${shiftId}`}))`);
      }
    },

    async awaitingColleague(userId: string) {
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          ownerId: teams.ownerId,
          pendingCount: count(requests.id),
        })
        .from(requests)
        .innerJoin(staff, eq(staff.id, requests.targetStaffId))
        .innerJoin(teams, eq(teams.id, requests.teamId))
        .where(and(eq(requests.status, 'awaiting_colleague'), eq(staff.userId, userId)))
        .groupBy(teams.id, teams.name, teams.ownerId)
        .orderBy(teams.name);
    },

    /**
     * Who decides a team's requests and may hear of them: the owner and linked administrators whose
     * leaving date is not before `today` (the team's today).
     */
    async reviewers(teamId: string, today: string) {
      const [team] = await db
        .select({ ownerId: teams.ownerId, name: teams.name })
        .from(teams)
        .where(eq(teams.id, teamId));
      if (!team) return [];
      const admins = await db
        .select({ userId: staff.userId })
        .from(staff)
        .where(
          and(
            eq(staff.teamId, teamId),
            eq(staff.isAdmin, true),
            isNotNull(staff.userId),
            or(isNull(staff.leavingDate), gte(staff.leavingDate, today)),
          ),
        );
      const ids = [...new Set([team.ownerId, ...admins.map((a) => a.userId!)])];
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          requestEmails: users.requestEmails,
          timeFormat: users.timeFormat,
        })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /**
     * Pending requests per team, for the teams `userId` owns or administers at the instant `now`
     * (a leaving date not passed in the team's time zone): the notification bell.
     */
    async pendingForReviewer(userId: string, now: Date) {
      const adminTeams = teamsAdministeredBy(db, userId, now);
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          ownerId: teams.ownerId,
          pendingCount: count(requests.id),
        })
        .from(requests)
        .innerJoin(teams, eq(teams.id, requests.teamId))
        .where(
          and(
            eq(requests.status, 'pending'),
            or(eq(teams.ownerId, userId), inArray(requests.teamId, adminTeams)),
          ),
        )
        .groupBy(teams.id, teams.name, teams.ownerId)
        .orderBy(teams.name);
    },
  };
}
