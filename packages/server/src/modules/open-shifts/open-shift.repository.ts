import { and, asc, count, eq, gte, inArray, isNotNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { openShiftClaims, openShifts, shifts, staff, teams, users } from '../../db/schema.ts';
import { teamsAdministeredBy } from '../../lib/administered-teams.ts';

export type OpenShiftRow = typeof openShifts.$inferSelect;
export type OpenShiftClaimRow = typeof openShiftClaims.$inferSelect;
export type OpenShiftWithFilled = OpenShiftRow & { filled: number };
export type ClaimWithName = OpenShiftClaimRow & { firstName: string; lastName: string };

/** All database access for open shifts and their claims; no rules here. */
export function createOpenShiftRepository(db: Db) {
  /** Approved claims per open shift: how many places are filled. */
  async function filledCounts(ids: readonly string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ openShiftId: openShiftClaims.openShiftId, n: count() })
      .from(openShiftClaims)
      .where(and(inArray(openShiftClaims.openShiftId, [...ids]), eq(openShiftClaims.status, 'approved')))
      .groupBy(openShiftClaims.openShiftId);
    return new Map(rows.map((r) => [r.openShiftId, r.n]));
  }

  return {
    async insert(values: typeof openShifts.$inferInsert): Promise<OpenShiftRow> {
      const [row] = await db.insert(openShifts).values(values).returning();
      return row!;
    },

    /** The team's open shifts from `startDate` to `endDate`, by date and start, with places filled. */
    async listInRange(teamId: string, startDate: string, endDate: string): Promise<OpenShiftWithFilled[]> {
      const rows = await db
        .select()
        .from(openShifts)
        .where(
          and(
            eq(openShifts.teamId, teamId),
            gte(openShifts.shiftDate, startDate),
            lte(openShifts.shiftDate, endDate),
          ),
        )
        .orderBy(asc(openShifts.shiftDate), asc(openShifts.startTime), asc(openShifts.createdAt));
      const filled = await filledCounts(rows.map((r) => r.id));
      return rows.map((r) => ({ ...r, filled: filled.get(r.id) ?? 0 }));
    },

    /**
     * One open shift of the team, locked until the transaction ends: claims and their decisions on it
     * queue up, so two administrators approving its last place cannot both succeed.
     */
    async lockInTeam(teamId: string, openShiftId: string): Promise<OpenShiftWithFilled | null> {
      const [row] = await db
        .select()
        .from(openShifts)
        .where(and(eq(openShifts.teamId, teamId), eq(openShifts.id, openShiftId)))
        .for('update');
      if (!row) return null;
      return { ...row, filled: (await filledCounts([row.id])).get(row.id) ?? 0 };
    },

    async findInTeam(teamId: string, openShiftId: string): Promise<OpenShiftWithFilled | null> {
      const [row] = await db
        .select()
        .from(openShifts)
        .where(and(eq(openShifts.teamId, teamId), eq(openShifts.id, openShiftId)));
      if (!row) return null;
      return { ...row, filled: (await filledCounts([row.id])).get(row.id) ?? 0 };
    },

    async delete(openShiftId: string): Promise<void> {
      await db.delete(openShifts).where(eq(openShifts.id, openShiftId));
    },

    /** The claims on these open shifts with the claimant's name, oldest first. */
    async claimsOf(openShiftIds: readonly string[]): Promise<ClaimWithName[]> {
      if (openShiftIds.length === 0) return [];
      const rows = await db
        .select({ claim: openShiftClaims, firstName: staff.firstName, lastName: staff.lastName })
        .from(openShiftClaims)
        .innerJoin(staff, eq(staff.id, openShiftClaims.staffId))
        .where(inArray(openShiftClaims.openShiftId, [...openShiftIds]))
        .orderBy(asc(openShiftClaims.createdAt), asc(openShiftClaims.id));
      return rows.map((r) => ({ ...r.claim, firstName: r.firstName, lastName: r.lastName }));
    },

    /** One person's claims on these open shifts (what staff see as "claimed by me"). */
    async claimsBy(staffId: string, openShiftIds: readonly string[]): Promise<OpenShiftClaimRow[]> {
      if (openShiftIds.length === 0) return [];
      return db
        .select()
        .from(openShiftClaims)
        .where(
          and(eq(openShiftClaims.staffId, staffId), inArray(openShiftClaims.openShiftId, [...openShiftIds])),
        );
    },

    /** Of these sick shifts (open shifts' `fromSickShiftId`), the ones that were this person's own. */
    async ownSickShifts(staffId: string, sickShiftIds: readonly string[]): Promise<Set<string>> {
      if (sickShiftIds.length === 0) return new Set();
      const rows = await db
        .select({ id: shifts.id })
        .from(shifts)
        .where(and(eq(shifts.staffId, staffId), inArray(shifts.id, [...sickShiftIds])));
      return new Set(rows.map((r) => r.id));
    },

    /** A claim, or null when this person has claimed it already (one claim per person: a unique index). */
    async insertClaim(openShiftId: string, staffId: string): Promise<OpenShiftClaimRow | null> {
      const [row] = await db
        .insert(openShiftClaims)
        .values({ openShiftId, staffId })
        .onConflictDoNothing({ target: [openShiftClaims.openShiftId, openShiftClaims.staffId] })
        .returning();
      return row ?? null;
    },

    async findClaim(openShiftId: string, claimId: string): Promise<OpenShiftClaimRow | null> {
      const [row] = await db
        .select()
        .from(openShiftClaims)
        .where(and(eq(openShiftClaims.openShiftId, openShiftId), eq(openShiftClaims.id, claimId)));
      return row ?? null;
    },

    async decideClaim(
      claimId: string,
      values: Pick<OpenShiftClaimRow, 'status' | 'shiftId' | 'decidedBy' | 'decidedAt'>,
    ): Promise<OpenShiftClaimRow> {
      const [row] = await db
        .update(openShiftClaims)
        .set(values)
        .where(eq(openShiftClaims.id, claimId))
        .returning();
      return row!;
    },

    /** Rejects every pending claim on an open shift but `exceptId`'s; returns those it rejected. */
    async rejectPending(
      openShiftId: string,
      exceptId: string | null,
      decidedBy: string | null,
      decidedAt: Date,
    ): Promise<OpenShiftClaimRow[]> {
      return db
        .update(openShiftClaims)
        .set({ status: 'rejected', decidedBy, decidedAt })
        .where(
          and(
            eq(openShiftClaims.openShiftId, openShiftId),
            eq(openShiftClaims.status, 'pending'),
            ...(exceptId ? [ne(openShiftClaims.id, exceptId)] : []),
          ),
        )
        .returning();
    },

    /** Whom to tell about a claim's decision: the claimant's account (none for a member not yet joined). */
    async claimantAccounts(staffIds: readonly string[]) {
      if (staffIds.length === 0) return [];
      return db
        .select({
          staffId: staff.id,
          userId: users.id,
          email: users.email,
          firstName: users.firstName,
          staffFirstName: staff.firstName,
          requestEmails: users.requestEmails,
        })
        .from(staff)
        .innerJoin(users, eq(users.id, staff.userId))
        .where(and(inArray(staff.id, [...staffIds]), isNotNull(staff.userId)));
    },

    /**
     * Pending claims per team, for the teams `userId` owns or administers at the instant `now` (a
     * leaving date not passed in the team's time zone): the notification bell.
     */
    async pendingForReviewer(userId: string, now: Date) {
      const adminTeams = teamsAdministeredBy(db, userId, now);
      return db
        .select({
          teamId: teams.id,
          teamName: teams.name,
          ownerId: teams.ownerId,
          pendingCount: count(openShiftClaims.id),
        })
        .from(openShiftClaims)
        .innerJoin(openShifts, eq(openShifts.id, openShiftClaims.openShiftId))
        .innerJoin(teams, eq(teams.id, openShifts.teamId))
        .where(
          and(
            eq(openShiftClaims.status, 'pending'),
            or(eq(teams.ownerId, userId), inArray(openShifts.teamId, adminTeams)),
          ),
        )
        .groupBy(teams.id, teams.name, teams.ownerId)
        .orderBy(teams.name);
    },
  };
}
