import type { MessageResponse } from '@rotaboard/core/contracts/common';
import type { CreateTeamInput, TeamDto, UpdateTeamInput } from '@rotaboard/core/contracts/teams';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { defaultTeamCurrency } from '@rotaboard/core/labour/team-currency';
import { ownedTeamsLimitMessage, planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import { teamNameOrDefault } from '@rotaboard/core/teams/default-team-name';
import type { Db } from '../../db/db.ts';
import type { TeamRow, UserRow } from '../../db/rows.ts';
import { billingStateOf } from '../../lib/billing-state.ts';
import { type CommandDeps, type Effects, runCommand } from '../audit/command.ts';
import { staffAuditValues } from '../staff/staff.dto.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { requireTeamOwner, teamAccessOf, teamsOfUser } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { teamRecords } from '../team-access/team-records.ts';
import { userDirectory } from '../users/user-directory.ts';
import { teamAuditValues, teamHash, toTeamDto } from './team.dto.ts';

export const STALE_TEAM_MESSAGE = 'This team was changed by someone else. Reload to see the latest version.';

export function createTeamService(deps: CommandDeps & { proEmails: readonly string[] }) {
  const { db, proEmails } = deps;
  const teamCommand = createTeamCommand(deps);

  /** Puts the owner (the command's actor) on the team's staff list (at the end), or takes them off it. */
  async function setOwnerInStaffList(
    tx: Db,
    effects: Effects,
    team: TeamRow,
    owner: UserRow,
    include: boolean,
  ) {
    const staffRepo = staffDirectory(tx);
    const existing = await staffRepo.findByUser(team.id, owner.id);
    if (include && !existing) {
      const row = await staffRepo.insert({
        teamId: team.id,
        userId: owner.id,
        firstName: owner.firstName || owner.email,
        lastName: owner.lastName,
        email: owner.email,
        inviteStatus: 'accepted',
        joinedAt: new Date(),
        displayOrder: await staffRepo.nextDisplayOrder(team.id),
      });
      effects.audit({
        teamId: team.id,
        entityType: 'staff',
        entityId: row.id,
        action: 'CREATE',
        newValues: staffAuditValues(row),
      });
    } else if (!include && existing) {
      await staffRepo.delete(existing.id);
      effects.audit({
        teamId: team.id,
        entityType: 'staff',
        entityId: existing.id,
        action: 'DELETE',
        oldValues: staffAuditValues(existing),
      });
    }
  }

  return {
    async list(user: UserRow): Promise<TeamDto[]> {
      const rows = await teamsOfUser(db, user.id);
      return rows.map((row) =>
        toTeamDto(row.team, {
          isAdmin: row.team.ownerId === user.id || Boolean(row.membership?.isAdmin),
          isOwner: row.team.ownerId === user.id,
          ownerTier: effectiveTier(row.ownerBilling, row.ownerEmail, proEmails),
        }),
      );
    },

    async get(user: UserRow, teamId: string): Promise<TeamDto> {
      const access = await teamAccessOf(db, user, teamId, proEmails);
      return toTeamDto(access.team, { ...access, isOwner: access.role === 'owner' });
    },

    /** Creates a team owned by the user, within their plan's team limit. */
    async create(
      user: UserRow,
      input: CreateTeamInput & { weekStartDay: number; timeZone: string; ownerInStaffList: boolean },
    ): Promise<TeamDto> {
      const tier = effectiveTier(billingStateOf(user), user.email, proEmails);
      // Not a team command: the team does not exist yet (its audit rows name it once it does).
      return runCommand(deps, { teamId: null, actor: user }, async (tx, effects) => {
        const repo = teamRecords(tx);
        // Serialise team creation per owner so two quick requests cannot both pass the limit.
        await userDirectory(tx).lockById(user.id);
        if ((await repo.countOwnedBy(user.id)) >= planOf(tier).ownedTeams) {
          throw new DomainError(ErrorCode.PLAN_LIMIT, ownedTeamsLimitMessage(tier));
        }
        const team = await repo.insert({
          name: teamNameOrDefault(input.teamName, user.firstName),
          weekStartDay: input.weekStartDay,
          timeZone: input.timeZone,
          currency: input.currency ?? defaultTeamCurrency(user.billingCurrency, input.timeZone),
          ownerId: user.id,
          ownerInStaffList: input.ownerInStaffList,
        });
        effects.audit({
          teamId: team.id,
          entityType: 'team',
          entityId: team.id,
          action: 'CREATE',
          newValues: { ...teamAuditValues(team), owner: user.email },
        });
        if (input.ownerInStaffList) await setOwnerInStaffList(tx, effects, team, user, true);
        return toTeamDto(team, { isAdmin: true, isOwner: true, ownerTier: tier });
      });
    },

    /** Owners and admins edit the team; only the owner puts themselves on or off the staff list. */
    async update(user: UserRow, teamId: string, input: UpdateTeamInput): Promise<TeamDto> {
      return teamCommand(user, teamId, { role: 'writer' }, async (tx, access, effects) => {
        const repo = teamRecords(tx);
        // Locked here rather than with `lockTeam`: the locked row is what the edit's hash is checked against.
        const current = await repo.lock(teamId);
        if (teamHash(current) !== input.hash) throw new DomainError(ErrorCode.STALE_HASH, STALE_TEAM_MESSAGE);
        const changesOwnerRow =
          input.ownerInStaffList !== undefined && input.ownerInStaffList !== current.ownerInStaffList;
        if (changesOwnerRow) requireTeamOwner(access, 'choose whether they are on the staff list');
        if (
          input.scheduleAgentEnabled &&
          !current.scheduleAgentEnabled &&
          !planAllows(access.ownerTier, 'assistant')
        ) {
          throw new DomainError(
            ErrorCode.PLAN_LIMIT,
            'The schedule agent is part of the Pro plan. Upgrade to Pro to turn it on.',
          );
        }
        const updated = await repo.update(teamId, {
          name: input.teamName,
          weekStartDay: input.weekStartDay,
          ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
          ...(input.currency !== undefined ? { currency: input.currency } : {}),
          ...(input.ownerInStaffList !== undefined ? { ownerInStaffList: input.ownerInStaffList } : {}),
          ...(input.scheduleAgentEnabled !== undefined
            ? { scheduleAgentEnabled: input.scheduleAgentEnabled }
            : {}),
        });
        if (changesOwnerRow) {
          await setOwnerInStaffList(tx, effects, updated, user, updated.ownerInStaffList);
        }
        effects.auditUpdate({
          entityType: 'team',
          entityId: teamId,
          before: teamAuditValues(current),
          after: teamAuditValues(updated),
        });
        effects.announce({ kind: 'team' });
        return toTeamDto(updated, {
          isAdmin: true,
          isOwner: access.role === 'owner',
          ownerTier: access.ownerTier,
        });
      });
    },

    /** Only the owner deletes a team, and with it all of its data. */
    async delete(user: UserRow, teamId: string): Promise<MessageResponse> {
      const options = { role: 'owner', ownerAction: 'delete the team' } as const;
      return teamCommand(user, teamId, options, async (tx, access, effects) => {
        await teamRecords(tx).delete(teamId);
        // Kept outside the team (team_id null) so the deletion itself stays on record.
        effects.audit({
          teamId: null,
          entityType: 'team',
          entityId: teamId,
          action: 'DELETE',
          oldValues: { ...teamAuditValues(access.team), owner: user.email },
        });
        // The hub finds nobody is a member any more and empties the team's group.
        effects.announce({ kind: 'team' });
        return { success: true, message: `${access.team.name} has been deleted` };
      });
    },
  };
}
