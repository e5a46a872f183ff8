import type { ShiftLock } from '@rotaboard/core/contracts/shifts';
import type { UserRow } from '../../db/rows.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import type { ShiftContext, ShiftServiceDeps } from './shift-context.ts';
import { createShiftLockRepository } from './shift-lock.repository.ts';

const lockOf = (team: ShiftLock): ShiftLock => ({
  lockedUntil: team.lockedUntil,
  hideScheduleAfterLock: team.hideScheduleAfterLock,
});

/** The schedule lock (core shifts/lock.ts says what it locks and hides): read by members, set by writers. */
export function createShiftLockService(deps: ShiftServiceDeps, ctx: ShiftContext) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);
  return {
    async getLock(user: UserRow, teamId: string): Promise<ShiftLock> {
      return lockOf((await ctx.access(db, user, teamId)).team);
    },

    setLock(user: UserRow, teamId: string, lock: ShiftLock): Promise<ShiftLock> {
      return teamCommand(user, teamId, { role: 'writer' }, async (tx, a, effects) => {
        const updated = lockOf(await createShiftLockRepository(tx).set(teamId, lock));
        effects.auditUpdate({ entityType: 'team', entityId: teamId, before: lockOf(a.team), after: updated });
        effects.announce({ kind: 'lock' });
        return updated;
      });
    },
  };
}
