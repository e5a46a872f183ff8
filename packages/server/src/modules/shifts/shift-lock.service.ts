import type { ShiftLock } from '@rotaboard/core/contracts/shifts';
import type { UserRow } from '../../db/rows.ts';
import { announce } from '../../lib/realtime-events.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { requireTeamWriter } from '../team-access/team-access.ts';
import type { ShiftContext, ShiftServiceDeps } from './shift-context.ts';

const lockOf = (team: ShiftLock): ShiftLock => ({
  lockedUntil: team.lockedUntil,
  hideScheduleAfterLock: team.hideScheduleAfterLock,
});

/** The schedule lock (core shifts/lock.ts says what it locks and hides): read by members, set by writers. */
export function createShiftLockService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const { db } = deps;
  return {
    async getLock(user: UserRow, teamId: string): Promise<ShiftLock> {
      return lockOf((await ctx.access(db, user, teamId)).team);
    },

    async setLock(user: UserRow, teamId: string, lock: ShiftLock): Promise<ShiftLock> {
      const result = await db.transaction(async (tx) => {
        const a = requireTeamWriter(await ctx.access(tx, user, teamId));
        const updated = lockOf(await createTeamRepository(tx).setLock(teamId, lock));
        await createAuditRepository(tx).recordUpdate({
          teamId,
          entityType: 'team',
          entityId: teamId,
          changedBy: user.id,
          before: lockOf(a.team),
          after: updated,
        });
        return updated;
      });
      announce(deps.events, { teamId, kind: 'lock', user });
      return result;
    },
  };
}
