import type { Availability } from '@rotaboard/core/contracts/availability';
import type { TeamAvailabilityResponse } from '@rotaboard/core/contracts/availability-dto';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { TEAM_READ_ONLY_ON_FREE } from '@rotaboard/core/plans/plan-limits';
import { availabilityRefusal, sortAvailability } from '@rotaboard/core/staff/availability-access';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import type { CommandDeps } from '../audit/command.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { requireTeamAdmin, type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { type AvailabilitySet, createAvailabilityRepository } from './availability.repository.ts';

/**
 * When staff can and would like to work (issue 25, every plan). The person themself, the owner and
 * administrators read and replace it; loadTeamAccess already makes leavers and removed staff
 * outsiders (404), so what they lose is taken away here too.
 */
export function createAvailabilityService(deps: CommandDeps & { proEmails: readonly string[] }) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);

  /** The refusal of the caller's access to the target row: outsiders and unknown staff 404, others 403. */
  async function authorize(tx: Db, access: TeamAccess, teamId: string, staffId: string, lock: boolean) {
    const refusal = availabilityRefusal(access.role, access.staffId, staffId);
    if (refusal) throw new DomainError(ErrorCode[refusal.code], refusal.message);
    // A write locks the row so two saves of one person's set queue up instead of interleaving.
    const staff = staffDirectory(tx);
    const row = lock ? await staff.lockInTeam(teamId, staffId) : await staff.findInTeam(teamId, staffId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
  }

  return {
    async get(user: UserRow, teamId: string, staffId: string): Promise<Availability> {
      await authorize(db, await teamAccessOf(db, user, teamId, deps.proEmails), teamId, staffId, false);
      return sortAvailability(await createAvailabilityRepository(db).listForStaff(teamId, staffId));
    },

    /**
     * Everyone's availability for the grid (owner and administrators): each member of staff still on
     * the team on `startDate` (leavers until their last day), in the staff list's order, with every
     * weekly entry and the dated entries of the range; someone who said nothing has empty lists.
     */
    async listForTeam(
      user: UserRow,
      teamId: string,
      range: { startDate: string; endDate: string },
    ): Promise<TeamAvailabilityResponse> {
      requireTeamAdmin(await teamAccessOf(db, user, teamId, deps.proEmails));
      const [people, sets] = await Promise.all([
        staffDirectory(db).listForTeam(teamId, range.startDate),
        createAvailabilityRepository(db).listForTeam(teamId, range.startDate, range.endDate),
      ]);
      return {
        availability: people.map((person) => ({
          staffId: person.id,
          ...sortAvailability(sets.get(person.id) ?? { weekly: [], dates: [] }),
        })),
      };
    },

    async replace(
      user: UserRow,
      teamId: string,
      staffId: string,
      input: Availability,
    ): Promise<Availability> {
      // Anyone on the team runs it; who may change whose availability is core's rule (authorize).
      return teamCommand(user, teamId, { role: 'member' }, async (tx, access, effects) => {
        await authorize(tx, access, teamId, staffId, true);
        // A team the owner's plan no longer covers is read-only for everyone, this included.
        if (access.readOnlyOnFree) throw new DomainError(ErrorCode.PLAN_LIMIT, TEAM_READ_ONLY_ON_FREE);
        const repo = createAvailabilityRepository(tx);
        const before = sortAvailability(await repo.listForStaff(teamId, staffId));
        const after = sortAvailability<AvailabilitySet['weekly'][number], AvailabilitySet['dates'][number]>(
          input,
        );
        await repo.replaceForStaff(teamId, staffId, after);
        effects.auditUpdate({
          entityType: 'staff',
          entityId: staffId,
          before: { availability: before },
          after: { availability: after },
        });
        // The grid's availability marks and the person's own editor (the staff page) refetch.
        effects.announce({ kind: 'availability', ids: [staffId] });
        return after;
      });
    },
  };
}
