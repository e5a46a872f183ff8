import type { StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import type { Db } from '../../db/db.ts';
import { teamStaffingSettings } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

/**
 * All database writes of a team's staffing settings; no rules here. Reading them (with the defaults
 * for a team that saved none) is loadStaffingSettings in staffing-context.ts, which every caller of
 * the rules shares.
 */
export function createStaffingSettingsRepository(db: Db) {
  return {
    /** Stores the team's whole settings, replacing any saved before; call it in the auditing transaction. */
    async save(teamId: string, settings: StaffingSettings): Promise<void> {
      await db
        .insert(teamStaffingSettings)
        .values({ teamId, settings })
        .onConflictDoUpdate({
          target: teamStaffingSettings.teamId,
          set: { settings, updatedAt: new Date() },
        });
      // Remembered by every shift write's strict-rule check (loadStaffingSettings).
      await invalidateReads(db, [memoTags.teamSettings(teamId)]);
    },
  };
}
