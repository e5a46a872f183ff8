import { openShiftStillToWork } from '@rotaboard/core/open-shifts/open-shift-visibility';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createSickCallRepository } from './sick-call.repository.ts';

/**
 * The bell's part (GET /api/notifications, type `sick_cover`): per Pro team, the sick covers offered to
 * this person that are still open and that they have not claimed.
 */
export async function sickCoverNotifications(
  db: Db,
  user: { id: string },
  proEmails: readonly string[],
  now: Date = new Date(),
) {
  // Each offer counts until its shift's end in the team's zone (an overnight cover after midnight too).
  const rows = (await createSickCallRepository(db).openOffersFor(user.id, now)).filter((r) =>
    openShiftStillToWork(r, r.timeZone, now.getTime()),
  );
  if (rows.length === 0) return [];
  const owners = await userDirectory(db).findByIds([...new Set(rows.map((r) => r.ownerId))]);
  const pro = new Set(
    owners
      .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'attendance'))
      .map((o) => o.id),
  );
  const byTeam = new Map<
    string,
    { type: 'sick_cover'; teamId: string; teamName: string; pendingCount: number }
  >();
  for (const r of rows) {
    if (!pro.has(r.ownerId)) continue;
    const team = byTeam.get(r.teamId) ?? {
      type: 'sick_cover',
      teamId: r.teamId,
      teamName: r.teamName,
      pendingCount: 0,
    };
    team.pendingCount += 1;
    byTeam.set(r.teamId, team);
  }
  return [...byTeam.values()];
}
