import type {
  StaffingSettings,
  ValidatePeriodInput,
  ValidatePeriodResult,
} from '@rotaboard/core/contracts/schedule-agent';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import { planAllows, STAFFING_RULES_ARE_PRO } from '@rotaboard/core/plans/plan-limits';
import { validatePeriod } from '@rotaboard/core/staffing/validate';
import type { UserRow } from '../../db/rows.ts';
import type { CommandDeps } from '../audit/command.ts';
import { requireTeamAdmin, type TeamAccess, teamAccessOf } from '../team-access/team-access.ts';
import { createTeamCommand } from '../team-access/team-command.ts';
import { loadStaffingContext, loadStaffingSettings, type ScheduleEntriesOf } from './staffing-context.ts';
import { createStaffingSettingsRepository } from './staffing-settings.repository.ts';

/** Refuses a team whose owner's plan does not include the staffing rules (Free), naming Pro. */
export function requireStaffingRules(access: TeamAccess): TeamAccess {
  if (!planAllows(access.ownerTier, 'staffingRules')) {
    throw new DomainError(ErrorCode.PLAN_LIMIT, STAFFING_RULES_ARE_PRO);
  }
  return access;
}

/** The audit row's fields: one per part, so the report shows which part changed. */
const auditValues = (settings: StaffingSettings) => ({
  coverage: settings.coverage,
  staffingRules: settings.rules,
});

/**
 * A team's staffing settings (coverage and rules) and the check of a period against them (issue 25,
 * docs/staffing-rules.md). Owners and administrators, on Pro. After a downgrade the saved settings
 * stay as they were (read again on upgrading) but can be neither read nor changed, and hand edits
 * are no longer checked (strict-rules.ts).
 */
export function createStaffingSettingsService(
  deps: CommandDeps & {
    proEmails: readonly string[];
    /** The schedule's entries, which validate-period reads (createShiftRepository, passed in by app.ts). */
    schedule: ScheduleEntriesOf;
  },
) {
  const { db } = deps;
  const teamCommand = createTeamCommand(deps);

  async function readerAccess(user: UserRow, teamId: string): Promise<TeamAccess> {
    return requireStaffingRules(requireTeamAdmin(await teamAccessOf(db, user, teamId, deps.proEmails)));
  }

  return {
    async get(user: UserRow, teamId: string): Promise<StaffingSettings> {
      await readerAccess(user, teamId);
      return loadStaffingSettings(db, teamId);
    },

    async replace(user: UserRow, teamId: string, input: StaffingSettings): Promise<StaffingSettings> {
      // The team row is locked, so two saves queue up and each audit row's "before" is what it replaced.
      const options = {
        role: 'writer',
        plan: { feature: 'staffingRules', refusal: STAFFING_RULES_ARE_PRO },
        lockTeam: true,
      } as const;
      return teamCommand(user, teamId, options, async (tx, _access, effects) => {
        const before = await loadStaffingSettings(tx, teamId);
        await createStaffingSettingsRepository(tx).save(teamId, input);
        effects.auditUpdate({
          entityType: 'team',
          entityId: teamId,
          before: auditValues(before),
          after: auditValues(input),
        });
        // Open schedules check the week again: the coverage row and the rule marks follow.
        effects.announce({ kind: 'staffing' });
        return input;
      });
    },

    /** Every rule's violations and every coverage slot of the period: a read, so nothing is audited. */
    async validatePeriod(
      user: UserRow,
      teamId: string,
      period: ValidatePeriodInput,
    ): Promise<ValidatePeriodResult> {
      const access = await readerAccess(user, teamId);
      const context = await loadStaffingContext(
        db,
        deps.schedule,
        access.team,
        period.startDate,
        period.endDate,
      );
      return validatePeriod(context, period);
    },
  };
}
