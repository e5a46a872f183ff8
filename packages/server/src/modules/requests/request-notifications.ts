import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createRequestRepository } from './request.repository.ts';

/** GET /api/notifications (modules/notifications): pending requests per team this person reviews (Pro teams only). */
export async function requestNotifications(db: Db, user: UserRow, proEmails: readonly string[]) {
  const repo = createRequestRepository(db);
  const rows = await repo.pendingForReviewer(user.id, new Date());
  const asked = await repo.awaitingColleague(user.id);
  const ownerIds = [...new Set([...rows, ...asked].map((r) => r.ownerId))];
  const owners = await userDirectory(db).findByIds(ownerIds);
  const proOwners = new Set(
    owners
      .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'requests'))
      .map((o) => o.id),
  );
  const notifications = rows
    .filter((r) => proOwners.has(r.ownerId) && r.pendingCount > 0)
    .map((r) => ({
      type: 'time_off',
      teamId: r.teamId,
      teamName: r.teamName,
      pendingCount: r.pendingCount,
    }));
  // Swaps and give-aways waiting for this person's answer as the colleague named (issue 27).
  for (const r of asked) {
    if (proOwners.has(r.ownerId) && r.pendingCount > 0) {
      notifications.push({
        type: 'swap',
        teamId: r.teamId,
        teamName: r.teamName,
        pendingCount: r.pendingCount,
      });
    }
  }
  return { notifications, totalCount: notifications.reduce((sum, n) => sum + n.pendingCount, 0) };
}
