import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows, STAFFING_RULES_ARE_PRO } from '@rotaboard/core/plans/plan-limits';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import {
  requireTeamAdmin,
  requireTeamWriter,
  type TeamAccess,
  teamAccessOf,
} from '../team-access/team-access.ts';

/**
 * Who may see and act on the schedule agent's runs and proposals: the team's owner and administrators
 * (staff 403, outsiders 404), on Pro (403 naming Pro, after a downgrade too). `write` also refuses a
 * team its owner's plan no longer covers. A write hands the access it answers to its command
 * (`teamCommand`'s `access`), which checks it again as a writer's.
 */
export async function agentAccess(
  db: Db,
  user: UserRow,
  teamId: string,
  proEmails: readonly string[],
  write: boolean,
): Promise<TeamAccess> {
  const access = await teamAccessOf(db, user, teamId, proEmails);
  requireTeamAdmin(access);
  // One plan feature for the rules and the agent that keeps them (core plans/plan-limits).
  if (!planAllows(access.ownerTier, 'staffingRules')) {
    throw new DomainError(ErrorCode.PLAN_LIMIT, STAFFING_RULES_ARE_PRO);
  }
  return write ? requireTeamWriter(access) : access;
}
