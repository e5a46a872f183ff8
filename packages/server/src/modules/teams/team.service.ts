import type { CreateTeamInput, TeamDto } from '@rotaboard/core/contracts/teams';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { effectiveTier, ownedTeamsLimitMessage, PLAN_LIMITS } from '@rotaboard/core/plans/plan-limits';
import { teamNameOrDefault } from '@rotaboard/core/teams/default-team-name';
import type { Db } from '../../db/client.ts';
import { createUserRepository, type UserRow } from '../users/user.repository.ts';
import { toTeamDto } from './team.dto.ts';
import { createTeamRepository } from './team.repository.ts';
import { loadTeamAccess } from './team-access.ts';

export function createTeamService(deps: { db: Db; proEmails: readonly string[] }) {
  const { db, proEmails } = deps;

  return {
    async list(user: UserRow): Promise<TeamDto[]> {
      const rows = await createTeamRepository(db).listForUser(user.id);
      return rows.map((row) =>
        toTeamDto(row.team, {
          isAdmin: row.team.ownerId === user.id || Boolean(row.membership?.isAdmin),
          ownerTier: effectiveTier(row.ownerTier, row.ownerEmail, proEmails),
        }),
      );
    },

    async get(user: UserRow, teamId: string): Promise<TeamDto> {
      const access = await loadTeamAccess(createTeamRepository(db), teamId, user.id, proEmails);
      return toTeamDto(access.team, access);
    },

    /** Creates a team owned by the user, within their plan's team limit. */
    async create(
      user: UserRow,
      input: CreateTeamInput & { weekStartDay: number; ownerInStaffList: boolean },
    ): Promise<TeamDto> {
      const tier = effectiveTier(user.subscriptionTier, user.email, proEmails);
      return db.transaction(async (tx) => {
        const repo = createTeamRepository(tx);
        // Serialise team creation per owner so two quick requests cannot both pass the limit.
        await createUserRepository(tx).lockById(user.id);
        if ((await repo.countOwnedBy(user.id)) >= PLAN_LIMITS[tier].ownedTeams) {
          throw new DomainError(ErrorCode.PLAN_LIMIT, ownedTeamsLimitMessage(tier));
        }
        const team = await repo.insert({
          name: teamNameOrDefault(input.teamName, user.firstName),
          weekStartDay: input.weekStartDay,
          ownerId: user.id,
          ownerInStaffList: input.ownerInStaffList,
        });
        await repo.audit({
          teamId: team.id,
          entityType: 'team',
          entityId: team.id,
          action: 'CREATE',
          newValues: {
            teamName: team.name,
            weekStartDay: team.weekStartDay,
            ownerInStaffList: team.ownerInStaffList,
            owner: user.email,
          },
          changedBy: user.id,
        });
        if (input.ownerInStaffList) {
          const member = await repo.insertStaff({
            teamId: team.id,
            userId: user.id,
            firstName: user.firstName || user.email,
            lastName: user.lastName,
            email: user.email,
            inviteStatus: 'accepted',
            joinedAt: new Date(),
            displayOrder: 0,
          });
          await repo.audit({
            teamId: team.id,
            entityType: 'staff',
            entityId: member.id,
            action: 'CREATE',
            newValues: {
              staffName: `${member.firstName} ${member.lastName}`.trim(),
              firstName: member.firstName,
              lastName: member.lastName,
              email: member.email,
              displayOrder: 0,
            },
            changedBy: user.id,
          });
        }
        return toTeamDto(team, { isAdmin: true, ownerTier: tier });
      });
    },
  };
}
