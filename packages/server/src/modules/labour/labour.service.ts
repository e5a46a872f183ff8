import type {
  LabourDto,
  LabourSettings,
  PayRateDto,
  PayRateInput,
  PayRateList,
} from '@rotaboard/core/contracts/labour';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { multiplierHundredths } from '@rotaboard/core/labour/money';
import { LABOUR_COST_IS_PRO, planAllows } from '@rotaboard/core/plans/plan-limits';
import type { z } from 'zod';
import type { Db } from '../../db/db.ts';
import type { StaffRow, UserRow } from '../../db/rows.ts';
import type { CommandDeps, Effects } from '../audit/command.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import {
  createLabourRepository,
  type PayRateRow,
  type StoredLabourSettings,
  type TeamLabourRow,
} from './labour.repository.ts';
import { labourCosting } from './labour-costing.ts';

const LABOUR_PLAN = { feature: 'labourCost', refusal: LABOUR_COST_IS_PRO } as const;

const ONLY_ADMINS = 'Only the team owner and administrators can do this';
const ONLY_OWN_RATES = 'You can only see your own pay rates';

const toRateDto = (row: PayRateRow): PayRateDto => ({
  payRateId: row.id,
  effectiveFrom: row.effectiveFrom,
  hourlyRateMinor: row.hourlyRateMinor,
});
const rateAuditValues = (row: PayRateRow) => ({
  staffId: row.staffId,
  effectiveFrom: row.effectiveFrom,
  hourlyRateMinor: row.hourlyRateMinor,
});
const staffName = (row: Pick<StaffRow, 'firstName' | 'lastName'>) =>
  `${row.firstName} ${row.lastName}`.trim();

/** The settings as the API speaks them: the multiplier a number (1.5), stored in hundredths (150). */
const settingsDto = (row: StoredLabourSettings): LabourSettings => ({
  weeklyBudgetMinor: row.weeklyBudgetMinor,
  overtimeAfterMinutes: row.overtimeAfterMinutes,
  overtimeMultiplier: row.overtimeMultiplierHundredths / 100,
});

/** Refuses a team whose owner's plan does not include labour cost (Free), naming Pro. */
function requireLabourPlan(access: TeamAccess): TeamAccess {
  if (!planAllows(access.ownerTier, 'labourCost')) {
    throw new DomainError(ErrorCode.PLAN_LIMIT, LABOUR_COST_IS_PRO);
  }
  return access;
}

/** Tells the team's owners and administrators that pay rates or the budget changed (the hub tells no staff). */
const announceLabour = (effects: Effects, ids: string[]) => effects.announce({ kind: 'labour', ids });

/**
 * Labour cost (issue 43, docs/labour-cost.md): pay rates per person, the team's labour settings, and
 * `/labour`, what the schedule costs against the weekly budget. Pro. The cost rules are core's
 * (labour/labour-cost.ts); this reads what they need and writes rates and settings through the team
 * command (audited as who really acts, announced to administrators). A member of staff reads only
 * their own rates; nothing else here is for staff.
 */
export function createLabourService(deps: CommandDeps & { proEmails: readonly string[] }) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);

  async function adminAccess(user: UserRow, teamId: string): Promise<TeamAccess> {
    const access = await teamAccessOf(db, user, teamId, deps.proEmails);
    if (!access.isAdmin) throw new DomainError(ErrorCode.FORBIDDEN, ONLY_ADMINS);
    return requireLabourPlan(access);
  }

  async function memberOfTeam(tx: Db, teamId: string, staffId: string): Promise<StaffRow> {
    const row = await staffDirectory(tx).findInTeam(teamId, staffId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Staff member not found');
    return row;
  }

  async function teamLabour(tx: Db, teamId: string): Promise<TeamLabourRow> {
    const row = await createLabourRepository(tx).teamLabour(teamId);
    if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Team not found');
    return row;
  }

  return {
    /** A person's rates, newest first: owners and administrators, or the person themself. */
    async listRates(user: UserRow, teamId: string, staffId: string): Promise<z.infer<typeof PayRateList>> {
      const access = await teamAccessOf(db, user, teamId, deps.proEmails);
      if (!access.isAdmin && access.staffId !== staffId) {
        throw new DomainError(ErrorCode.FORBIDDEN, ONLY_OWN_RATES);
      }
      requireLabourPlan(access);
      await memberOfTeam(db, teamId, staffId);
      const rows = await createLabourRepository(db).listForStaff(teamId, staffId);
      return { payRates: rows.map(toRateDto) };
    },

    /** Adds a rate from a date; a second from the same date is refused (409), nothing written. */
    addRate(user: UserRow, teamId: string, staffId: string, input: z.output<typeof PayRateInput>) {
      return teamCommand(user, teamId, { role: 'writer', plan: LABOUR_PLAN }, async (tx, _a, effects) => {
        const person = await memberOfTeam(tx, teamId, staffId);
        const row = await createLabourRepository(tx).insert({ teamId, staffId, ...input });
        if (!row) {
          throw new DomainError(
            ErrorCode.CONFLICT,
            `${staffName(person) || 'This person'} already has a pay rate from ${input.effectiveFrom}. Delete it to set another from that date.`,
          );
        }
        effects.audit({
          entityType: 'pay_rate',
          entityId: row.id,
          action: 'CREATE',
          newValues: rateAuditValues(row),
        });
        announceLabour(effects, [row.id]);
        return toRateDto(row);
      });
    },

    removeRate(user: UserRow, teamId: string, staffId: string, payRateId: string) {
      return teamCommand(user, teamId, { role: 'writer', plan: LABOUR_PLAN }, async (tx, _a, effects) => {
        await memberOfTeam(tx, teamId, staffId);
        const repo = createLabourRepository(tx);
        const row = await repo.findForStaff(teamId, staffId, payRateId);
        if (!row) throw new DomainError(ErrorCode.NOT_FOUND, 'Pay rate not found');
        await repo.delete(row.id);
        effects.audit({
          entityType: 'pay_rate',
          entityId: row.id,
          action: 'DELETE',
          oldValues: rateAuditValues(row),
        });
        announceLabour(effects, [row.id]);
        return { success: true as const, message: 'Pay rate deleted' };
      });
    },

    async getSettings(user: UserRow, teamId: string): Promise<LabourSettings> {
      await adminAccess(user, teamId);
      return settingsDto(await teamLabour(db, teamId));
    },

    replaceSettings(user: UserRow, teamId: string, input: LabourSettings): Promise<LabourSettings> {
      // The team row is locked, so two saves queue up and each audit row's "before" is what it replaced.
      return teamCommand(
        user,
        teamId,
        { role: 'writer', plan: LABOUR_PLAN, lockTeam: true },
        async (tx, _a, effects) => {
          const before = settingsDto(await teamLabour(tx, teamId));
          await createLabourRepository(tx).saveSettings(teamId, {
            weeklyBudgetMinor: input.weeklyBudgetMinor,
            overtimeAfterMinutes: input.overtimeAfterMinutes,
            overtimeMultiplierHundredths: multiplierHundredths(input.overtimeMultiplier),
          });
          const after = settingsDto(await teamLabour(tx, teamId));
          effects.auditUpdate({ entityType: 'labour_settings', entityId: teamId, before, after });
          announceLabour(effects, []);
          return after;
        },
      );
    },

    /**
     * What the schedule costs from `startDate` to `endDate` (at most 62 days, LabourQuery): the team's
     * shifts are read in whole team weeks around the range, since a shift's overtime depends on the
     * hours before it in its week and each week's cost is of the whole week.
     */
    async labour(user: UserRow, teamId: string, range: { startDate: string; endDate: string }) {
      await adminAccess(user, teamId);
      const result = await labourCosting(db).costRange(teamId, range);
      if (!result) throw new DomainError(ErrorCode.NOT_FOUND, 'Team not found');
      const answer: LabourDto = { currency: result.costing.team.currency, ...result.summary };
      return answer;
    },
  };
}
export type LabourService = ReturnType<typeof createLabourService>;
