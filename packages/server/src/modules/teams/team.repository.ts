import { and, asc, count, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, staff, teams, users } from '../../db/schema.ts';

export type TeamRow = typeof teams.$inferSelect;
export type TeamWithAccess = {
  team: TeamRow;
  ownerTier: 'free' | 'pro';
  ownerEmail: string;
  /** The caller's staff row in the team, when linked to one. */
  membership: { staffId: string; isAdmin: boolean } | null;
};

/** All database access for teams; no rules here. */
export function createTeamRepository(db: Db) {
  const base = (userId: string) =>
    db
      .select({
        team: teams,
        ownerTier: users.subscriptionTier,
        ownerEmail: users.email,
        staffId: staff.id,
        staffIsAdmin: staff.isAdmin,
      })
      .from(teams)
      .innerJoin(users, eq(users.id, teams.ownerId))
      .leftJoin(staff, and(eq(staff.teamId, teams.id), eq(staff.userId, userId)));

  const toAccess = (
    row: Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number],
  ): TeamWithAccess => ({
    team: row.team,
    ownerTier: row.ownerTier,
    ownerEmail: row.ownerEmail,
    membership: row.staffId ? { staffId: row.staffId, isAdmin: row.staffIsAdmin ?? false } : null,
  });

  return {
    /** Teams the user owns or is linked to as staff, oldest first. */
    async listForUser(userId: string): Promise<TeamWithAccess[]> {
      const rows = await base(userId)
        .where(or(eq(teams.ownerId, userId), eq(staff.userId, userId)))
        .orderBy(asc(teams.createdAt), asc(teams.name));
      return rows.map(toAccess);
    },

    async findForUser(teamId: string, userId: string): Promise<TeamWithAccess | null> {
      const [row] = await base(userId).where(eq(teams.id, teamId)).limit(1);
      return row ? toAccess(row) : null;
    },

    async countOwnedBy(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(teams).where(eq(teams.ownerId, userId));
      return row?.n ?? 0;
    },

    async insert(values: { name: string; weekStartDay: number; ownerId: string; ownerInStaffList: boolean }) {
      const [row] = await db.insert(teams).values(values).returning();
      return row!;
    },

    async insertStaff(values: typeof staff.$inferInsert) {
      const [row] = await db.insert(staff).values(values).returning();
      return row!;
    },

    async audit(values: typeof auditLog.$inferInsert) {
      await db.insert(auditLog).values(values);
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
