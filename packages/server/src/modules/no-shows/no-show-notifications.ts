import { planAllows } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import type { Db } from '../../db/db.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { userDirectory } from '../users/user-directory.ts';
import { createNoShowRepository } from './no-show.repository.ts';

/** How long a no-show stays on the bell: the day it happened, give or take a night shift. */
const NO_SHOW_BELL_MS = 24 * 60 * 60 * 1000;

/**
 * The bell's part (GET /api/notifications, type `no_shows`): per Pro team this person owns or
 * administers, the no-shows of the last 24 hours not resolved and whose person has not clocked in since.
 */
export async function noShowNotifications(
  db: Db,
  user: { id: string },
  proEmails: readonly string[],
  now: Date = new Date(),
) {
  const rows = await createNoShowRepository(db).unresolvedForReviewer(
    user.id,
    now,
    new Date(now.getTime() - NO_SHOW_BELL_MS),
  );
  if (rows.length === 0) return [];
  const owners = await userDirectory(db).findByIds([...new Set(rows.map((r) => r.ownerId))]);
  const pro = new Set(
    owners
      .filter((o) => planAllows(effectiveTier(billingStateOf(o), o.email, proEmails), 'attendance'))
      .map((o) => o.id),
  );
  return rows
    .filter((r) => pro.has(r.ownerId) && r.pendingCount > 0)
    .map((r) => ({ type: 'no_shows', teamId: r.teamId, teamName: r.teamName, pendingCount: r.pendingCount }));
}
