import { eq } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { TeamRow } from '../../db/rows.ts';
import { teams } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

/**
 * The schedule lock's columns on the team's row (`lockedUntil`, `hideScheduleAfterLock`): this module
 * writes them, through the lock service's command; every other column of the team is the teams
 * module's. The team's remembered reads, its lock's among them, are dropped with the write.
 */
export function createShiftLockRepository(db: Db) {
  return {
    /** Sets the schedule lock; returns the team as it now is. */
    async set(
      teamId: string,
      lock: { lockedUntil: string | null; hideScheduleAfterLock: boolean },
    ): Promise<TeamRow> {
      const [row] = await db
        .update(teams)
        .set({ ...lock, updatedAt: new Date() })
        .where(eq(teams.id, teamId))
        .returning();
      await invalidateReads(db, [memoTags.team(teamId), memoTags.teamLock(teamId)]);
      return row!;
    },
  };
}
