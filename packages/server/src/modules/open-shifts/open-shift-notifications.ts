import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createOpenShiftRepository } from './open-shift.repository.ts';

/** The bell's part (GET /api/notifications): pending claims per team this person reviews, Pro teams only. */
export async function openShiftNotifications(db: Db, user: { id: string }, proEmails: readonly string[]) {
  const rows = await createOpenShiftRepository(db).pendingForReviewer(user.id, new Date());
  const owners = await userDirectory(db).findByIds([...new Set(rows.map((r) => r.ownerId))]);
  const pro = new Set(
    owners
      .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'requests'))
      .map((o) => o.id),
  );
  return rows
    .filter((r) => pro.has(r.ownerId) && r.pendingCount > 0)
    .map((r) => ({
      type: 'open_shift_claims',
      teamId: r.teamId,
      teamName: r.teamName,
      pendingCount: r.pendingCount,
    }));
}
