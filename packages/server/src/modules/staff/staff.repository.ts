import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staff } from '../../db/schema.ts';

export type StaffRow = typeof staff.$inferSelect;

/** All database access for a team's staff list; no rules here. */
export function createStaffRepository(db: Db) {
  return {
    /** The team's staff in display order; with `activeOn`, only those not gone by that date. */
    async listForTeam(teamId: string, activeOn: string | null): Promise<StaffRow[]> {
      const active = activeOn ? or(isNull(staff.leavingDate), gt(staff.leavingDate, activeOn)) : undefined;
      return db
        .select()
        .from(staff)
        .where(and(eq(staff.teamId, teamId), active))
        .orderBy(asc(staff.displayOrder), asc(staff.createdAt));
    },
  };
}
