import type { TeamDto } from '@rotaboard/core/contracts/teams';
import type { SubscriptionTier } from '@rotaboard/core/plans/plan-limits';
import type { TeamRow } from '../../db/rows.ts';
import { contentHash } from '../../lib/tokens.ts';

/** The stale-edit fingerprint covers every field a team edit can change. */
export function teamHash(team: TeamRow): string {
  return contentHash([
    team.name,
    team.weekStartDay,
    team.timeZone,
    team.currency,
    team.ownerInStaffList,
    team.scheduleAgentEnabled,
    team.updatedAt.toISOString(),
  ]);
}

/** The team's fields as audit rows name them (spec 2 §3, "team"). */
export function teamAuditValues(team: TeamRow): Record<string, unknown> {
  return {
    teamName: team.name,
    weekStartDay: team.weekStartDay,
    timeZone: team.timeZone,
    currency: team.currency,
    ownerInStaffList: team.ownerInStaffList,
    scheduleAgentEnabled: team.scheduleAgentEnabled,
  };
}

export function toTeamDto(
  team: TeamRow,
  access: { isAdmin: boolean; isOwner: boolean; ownerTier: SubscriptionTier },
): TeamDto {
  return {
    teamId: team.id,
    teamName: team.name,
    weekStartDay: team.weekStartDay,
    timeZone: team.timeZone,
    currency: team.currency,
    ownerInStaffList: team.ownerInStaffList,
    scheduleAgentEnabled: team.scheduleAgentEnabled,
    isAdmin: access.isAdmin,
    isOwner: access.isOwner,
    ownerId: team.ownerId,
    ownerSubscriptionTier: access.ownerTier,
    hash: teamHash(team),
  };
}
