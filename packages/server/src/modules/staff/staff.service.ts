import type { MessageResponse } from '@rotaboard/core/contracts/common';
import {
  type CreateStaffInput,
  type RemoveStaffResponse,
  StaffDto,
  type StaffLimitsResponse,
  type UpdateStaffInput,
} from '@rotaboard/core/contracts/staff';
import {
  type CreateWeeklyHoursInput,
  type UpdateWeeklyHoursInput,
  WeeklyHoursEntryDto,
} from '@rotaboard/core/contracts/weekly-hours';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { adminLimitMessage, planOf, staffLimitMessage } from '@rotaboard/core/plans/plan-limits';
import { isCompleteOrder, isFutureDate } from '@rotaboard/core/staff/staff-rules';
import type { Db } from '../../db/db.ts';
import type { UserRow } from '../../db/rows.ts';
import { teamToday } from '../../lib/calendar.ts';
import { certainResponse } from '../../lib/certain-response.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { authorizeStaffAction, type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { staffAuditValues, staffHash, toStaffDto, toWeeklyHoursDto } from './staff.dto.ts';
import { createStaffRepository, type StaffRow } from './staff.repository.ts';

export const STALE_STAFF_MESSAGE =
  'This staff member was changed by someone else. Reload to see the latest version.';
const EMAIL_ON_TEAM = 'Someone on this team already has that email address';

/**
 * Managing a team's staff list, as core's permission table allows (teams/permissions): owners and
 * administrators manage staff; only the owner manages administrators. Every change is audited in
 * its transaction.
 */
export function createStaffService(deps: CommandDeps & { proEmails: readonly string[] }) {
  const { db, proEmails } = deps;
  const teamCommand = createTeamCommand(deps);

  /**
   * Runs a change as a team administrator, with the team row locked so changes to one team's staff
   * (and their plan-limit checks) queue up; once committed, grids showing the team's staff refresh.
   */
  const asAdmin = <T>(
    user: UserRow,
    teamId: string,
    work: (tx: Db, access: TeamAccess, effects: Effects) => Promise<T>,
  ) =>
    teamCommand(user, teamId, { role: 'writer', lockTeam: true }, async (tx, access, effects) => {
      const result = await work(tx, access, effects);
      effects.announce({ kind: 'staff' });
      return result;
    });

  /** An UPDATE audit row for a staff member with the fields that changed. */
  const auditStaffUpdate = (effects: Effects, before: StaffRow, after: StaffRow) =>
    effects.auditUpdate({
      entityType: 'staff',
      entityId: before.id,
      before: staffAuditValues(before),
      after: staffAuditValues(after),
    });

  async function findStaff(tx: Db, teamId: string, staffId: string): Promise<StaffRow> {
    const row = await createStaffRepository(tx).findInTeam(teamId, staffId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
    return row;
  }

  /** A new administrator must fit the plan's administrator limit. */
  async function checkAdminLimit(tx: Db, access: TeamAccess) {
    const max = planOf(access.ownerTier).extraAdminsPerTeam;
    const { admins } = await createStaffRepository(tx).counts(access.team.id);
    if (admins >= max) throw new DomainError(ErrorCode.PLAN_LIMIT, adminLimitMessage(access.ownerTier));
  }

  /** The row as its writer sees it, checked before the transaction commits. */
  const dto = (row: StaffRow, access: TeamAccess) =>
    certainResponse(StaffDto, toStaffDto(row, { ownerId: access.team.ownerId, isAdmin: true }));

  return {
    /** Every member of the team may read its staff list. */
    async list(
      user: UserRow,
      teamId: string,
      options: { includeAll: boolean; date?: string | undefined },
    ): Promise<StaffDto[]> {
      const access = await teamAccessOf(db, user, teamId, proEmails);
      authorizeStaffAction(access, 'viewStaffList');
      const activeOn = options.includeAll ? null : (options.date ?? teamToday(access.team));
      const rows = await createStaffRepository(db).listForTeam(teamId, activeOn);
      return rows.map((row) => toStaffDto(row, { ownerId: access.team.ownerId, isAdmin: access.isAdmin }));
    },

    async limits(user: UserRow, teamId: string): Promise<StaffLimitsResponse> {
      const access = await teamAccessOf(db, user, teamId, proEmails);
      authorizeStaffAction(access, 'viewLimits');
      const counts = await createStaffRepository(db).counts(teamId);
      const plan = planOf(access.ownerTier);
      return {
        tier: access.ownerTier,
        currentStaff: counts.staff,
        maxStaff: plan.staffPerTeam,
        currentAdmins: counts.admins,
        maxAdmins: plan.extraAdminsPerTeam,
      };
    },

    async create(
      user: UserRow,
      teamId: string,
      input: CreateStaffInput & { lastName: string; role: string; email: string | null; isAdmin: boolean },
    ): Promise<StaffDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        authorizeStaffAction(access, input.isAdmin ? 'addAdministrator' : 'addStaff');
        const repo = createStaffRepository(tx);
        if ((await repo.counts(teamId)).staff >= planOf(access.ownerTier).staffPerTeam) {
          throw new DomainError(ErrorCode.PLAN_LIMIT, staffLimitMessage(access.ownerTier));
        }
        if (input.isAdmin) await checkAdminLimit(tx, access);
        if (input.email && (await repo.emailUsedByOther(teamId, input.email, null))) {
          throw new DomainError(ErrorCode.CONFLICT, EMAIL_ON_TEAM);
        }
        const row = await repo.insert({
          teamId,
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          email: input.email,
          isAdmin: input.isAdmin,
          displayOrder: await repo.nextDisplayOrder(teamId),
        });
        effects.audit({
          entityType: 'staff',
          entityId: row.id,
          action: 'CREATE',
          newValues: staffAuditValues(row),
        });
        return dto(row, access);
      });
    },

    async update(
      user: UserRow,
      teamId: string,
      staffId: string,
      input: UpdateStaffInput & { lastName: string; role: string; email: string | null },
    ): Promise<StaffDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const repo = createStaffRepository(tx);
        const current = await findStaff(tx, teamId, staffId);
        const emailChanged = (input.email ?? null) !== (current.email ?? null);
        const adminChanged = input.isAdmin !== undefined && input.isAdmin !== current.isAdmin;
        // The most specific action answers first: its refusal says what exactly may not be done.
        if (adminChanged) {
          authorizeStaffAction(access, input.isAdmin ? 'makeAdministrator' : 'unmakeAdministrator', current);
        }
        if (emailChanged) authorizeStaffAction(access, 'editEmail', current);
        authorizeStaffAction(access, 'editDetails', current);
        if (staffHash(current) !== input.hash)
          throw new DomainError(ErrorCode.STALE_HASH, STALE_STAFF_MESSAGE);
        if (adminChanged && input.isAdmin) await checkAdminLimit(tx, access);
        if (emailChanged && current.inviteStatus === 'accepted') {
          throw new DomainError(
            ErrorCode.RULE_BROKEN,
            `${current.firstName} has joined the team and signs in with ${current.email}; remove their access first to change it`,
          );
        }
        if (emailChanged && input.email && (await repo.emailUsedByOther(teamId, input.email, staffId))) {
          throw new DomainError(ErrorCode.CONFLICT, EMAIL_ON_TEAM);
        }
        const updated = await repo.update(staffId, {
          firstName: input.firstName,
          lastName: input.lastName,
          role: input.role,
          email: input.email,
          ...(input.isAdmin !== undefined ? { isAdmin: input.isAdmin } : {}),
          // A pending invitation went to the old address; it no longer stands.
          ...(emailChanged && current.inviteStatus === 'invited'
            ? {
                inviteStatus: 'not_invited' as const,
                inviteTokenHash: null,
                inviteExpiresAt: null,
                invitedAt: null,
              }
            : {}),
        });
        auditStaffUpdate(effects, current, updated);
        return dto(updated, access);
      });
    },

    /** A future leaving date marks the person as leaving; otherwise they are removed with their data. */
    async remove(
      user: UserRow,
      teamId: string,
      staffId: string,
      leavingDate: string | undefined,
    ): Promise<RemoveStaffResponse> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const repo = createStaffRepository(tx);
        const current = await findStaff(tx, teamId, staffId);
        // Future in the team's time zone: a date that is today there removes them now.
        const leaving = Boolean(leavingDate && isFutureDate(leavingDate, teamToday(access.team)));
        authorizeStaffAction(access, leaving ? 'setLeavingDate' : 'removeStaff', current);
        if (leavingDate && leaving) {
          const updated = await repo.update(staffId, { leavingDate });
          auditStaffUpdate(effects, current, updated);
          return {
            success: true,
            message: `${current.firstName} will leave the team after ${leavingDate}`,
            outcome: 'leaving',
            staff: dto(updated, access),
          };
        }
        await repo.delete(staffId);
        effects.audit({
          entityType: 'staff',
          entityId: staffId,
          action: 'DELETE',
          oldValues: staffAuditValues(current),
        });
        return {
          success: true,
          message: `${current.firstName} has been removed from the team`,
          outcome: 'removed',
          staff: null,
        };
      });
    },

    async cancelLeaving(user: UserRow, teamId: string, staffId: string): Promise<StaffDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const current = await findStaff(tx, teamId, staffId);
        authorizeStaffAction(access, 'cancelLeaving', current);
        if (!current.leavingDate) return dto(current, access);
        const updated = await createStaffRepository(tx).update(staffId, { leavingDate: null });
        auditStaffUpdate(effects, current, updated);
        return dto(updated, access);
      });
    },

    /** The whole new order, naming every member once. */
    async reorder(user: UserRow, teamId: string, staffIds: string[]): Promise<StaffDto[]> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        authorizeStaffAction(access, 'reorderStaff');
        const repo = createStaffRepository(tx);
        const before = await repo.listForTeam(teamId, null);
        if (
          !isCompleteOrder(
            staffIds,
            before.map((row) => row.id),
          )
        ) {
          throw new DomainError(
            ErrorCode.VALIDATION,
            'The new order must list every member of staff exactly once',
          );
        }
        await repo.setOrder(teamId, staffIds);
        const after = await repo.listForTeam(teamId, null);
        const previous = new Map(before.map((row) => [row.id, row.displayOrder]));
        for (const row of after) {
          if (previous.get(row.id) === row.displayOrder) continue;
          effects.audit({
            entityType: 'staff',
            entityId: row.id,
            action: 'UPDATE',
            oldValues: { displayOrder: previous.get(row.id) ?? null },
            newValues: { displayOrder: row.displayOrder },
          });
        }
        return after.map((row) => dto(row, access));
      });
    },

    async listWeeklyHours(
      user: UserRow,
      teamId: string,
      staffId: string | undefined,
    ): Promise<WeeklyHoursEntryDto[]> {
      const access = await teamAccessOf(db, user, teamId, proEmails);
      authorizeStaffAction(access, 'viewWeeklyHours');
      return (await createStaffRepository(db).listWeeklyHours(teamId, staffId)).map(toWeeklyHoursDto);
    },

    async addWeeklyHours(
      user: UserRow,
      teamId: string,
      input: CreateWeeklyHoursInput,
    ): Promise<WeeklyHoursEntryDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const repo = createStaffRepository(tx);
        const member = await findStaff(tx, teamId, input.staffId);
        authorizeStaffAction(access, 'editWeeklyHours', member);
        if (await repo.weeklyHoursDateTaken(member.id, input.effectiveFrom, null)) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            `${member.firstName} already has weekly hours from ${input.effectiveFrom}; edit that entry instead`,
          );
        }
        const row = await repo.insertWeeklyHours({ teamId, ...input });
        effects.audit({
          entityType: 'staff',
          entityId: member.id,
          action: 'UPDATE',
          newValues: { weeklyHours: { hoursPerWeek: row.hoursPerWeek, effectiveFrom: row.effectiveFrom } },
        });
        return certainResponse(WeeklyHoursEntryDto, toWeeklyHoursDto(row));
      });
    },

    async updateWeeklyHours(
      user: UserRow,
      teamId: string,
      entryId: string,
      input: UpdateWeeklyHoursInput,
    ): Promise<WeeklyHoursEntryDto> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const repo = createStaffRepository(tx);
        const entry = await repo.findWeeklyHours(teamId, entryId);
        if (!entry) throw new DomainError(ErrorCode.NOT_FOUND, 'Weekly hours entry not found');
        authorizeStaffAction(access, 'editWeeklyHours', await findStaff(tx, teamId, entry.staffId));
        if (await repo.weeklyHoursDateTaken(entry.staffId, input.effectiveFrom, entryId)) {
          throw new DomainError(ErrorCode.CONFLICT, `There is already an entry from ${input.effectiveFrom}`);
        }
        const row = await repo.updateWeeklyHours(entryId, input);
        effects.audit({
          entityType: 'staff',
          entityId: entry.staffId,
          action: 'UPDATE',
          oldValues: {
            weeklyHours: { hoursPerWeek: entry.hoursPerWeek, effectiveFrom: entry.effectiveFrom },
          },
          newValues: { weeklyHours: { hoursPerWeek: row.hoursPerWeek, effectiveFrom: row.effectiveFrom } },
        });
        return certainResponse(WeeklyHoursEntryDto, toWeeklyHoursDto(row));
      });
    },

    async deleteWeeklyHours(user: UserRow, teamId: string, entryId: string): Promise<MessageResponse> {
      return asAdmin(user, teamId, async (tx, access, effects) => {
        const repo = createStaffRepository(tx);
        const entry = await repo.findWeeklyHours(teamId, entryId);
        if (!entry) throw new DomainError(ErrorCode.NOT_FOUND, 'Weekly hours entry not found');
        authorizeStaffAction(access, 'editWeeklyHours', await findStaff(tx, teamId, entry.staffId));
        await repo.deleteWeeklyHours(entryId);
        effects.audit({
          entityType: 'staff',
          entityId: entry.staffId,
          action: 'UPDATE',
          oldValues: {
            weeklyHours: { hoursPerWeek: entry.hoursPerWeek, effectiveFrom: entry.effectiveFrom },
          },
          newValues: { weeklyHours: null },
        });
        return { success: true, message: 'Weekly hours entry deleted' };
      });
    },
  };
}
