import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import {
  type CostContext,
  type CostEntry,
  type CostedShift,
  costShifts,
  type LabourSummary,
  summariseLabour,
} from '@rotaboard/core/labour/labour-cost';
import type { PayRate } from '@rotaboard/core/labour/pay-rates';
import { withApprovedTimesheets } from '@rotaboard/core/time-clock/approved-time';
import type { Db } from '../../db/db.ts';
import type { StaffRow } from '../../db/rows.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { staffDirectory } from '../staff/staff-directory.ts';
import { timesheetReads } from '../time-clock/timesheet-reads.ts';
import { createLabourRepository, type TeamLabourRow } from './labour.repository.ts';

/** A range of dates, both ends included (YYYY-MM-DD). */
export type DateRange = { startDate: string; endDate: string };

/** What a team's labour cost is computed with: its settings, zone, week and everyone's rates. */
export type TeamCosting = {
  team: TeamLabourRow;
  /** The context core's `costShifts` takes (rates, overtime, week start, zone). */
  context: CostContext;
  /** The whole team weeks around a range: what must be read for its overtime to be right. */
  weeksAround(range: DateRange): DateRange;
  /** Core's costing of `entries` (whole team weeks) with this team's rates and settings. */
  cost(entries: readonly CostEntry[]): CostedShift[];
  /** `/labour`'s summary of `costed` over `range`, names and budget filled in. */
  summarise(range: DateRange, costed: readonly CostedShift[]): LabourSummary;
};

const staffName = (row: Pick<StaffRow, 'firstName' | 'lastName'>) =>
  `${row.firstName} ${row.lastName}`.trim();

/**
 * The labour module's published read (issue 43): what the schedule costs, for `/labour`, the payroll
 * report, the schedule agent and the assistant, so that every one of them gives the same figure from
 * core's rules. No plan or role check here: callers decide who may see money.
 */
export function labourCosting(db: Db) {
  /** The team's rates, settings and names, read once, to cost any entries of `range`'s weeks. */
  async function forTeam(teamId: string, until: string): Promise<TeamCosting | null> {
    const [team, rates, people] = await Promise.all([
      createLabourRepository(db).teamLabour(teamId),
      createLabourRepository(db).listForTeam(teamId, until),
      staffDirectory(db).listForTeam(teamId, null),
    ]);
    if (!team) return null;
    const ratesByStaff = new Map<string, PayRate[]>();
    for (const { staffId, ...rate } of rates) {
      const own = ratesByStaff.get(staffId);
      if (own) own.push(rate);
      else ratesByStaff.set(staffId, [rate]);
    }
    const staffNames = new Map(people.map((row) => [row.id, staffName(row)]));
    const context: CostContext = {
      ratesByStaff,
      settings: {
        overtimeAfterMinutes: team.overtimeAfterMinutes,
        overtimeMultiplier: team.overtimeMultiplierHundredths / 100,
      },
      weekStartDay: team.weekStartDay,
      timeZone: team.timeZone,
    };
    return {
      team,
      context,
      weeksAround: (range) => ({
        startDate: startOfWeek(range.startDate, team.weekStartDay),
        endDate: addDays(startOfWeek(range.endDate, team.weekStartDay), 6),
      }),
      cost: (entries) => costShifts(entries, context),
      summarise: (range, costed) =>
        summariseLabour({
          range,
          costed,
          staffNames,
          weekStartDay: team.weekStartDay,
          weeklyBudgetMinor: team.weeklyBudgetMinor,
        }),
    };
  }

  return {
    forTeam,

    /**
     * What the team's schedule costs over `range`, read in whole team weeks around it (a shift's
     * overtime depends on the hours before it in its week), approved timesheets in their shifts'
     * place (issue 44: what was worked, as the payroll report pays it), with `change` applied to the
     * entries first: the agent's question "what would this week cost with these shifts?". Null when
     * the team does not exist.
     */
    async costRange(
      teamId: string,
      range: DateRange,
      change?: (entries: CostEntry[]) => CostEntry[],
    ): Promise<{ costing: TeamCosting; costed: CostedShift[]; summary: LabourSummary } | null> {
      // The team row first: its week start decides which weeks to read.
      const team = await createLabourRepository(db).teamLabour(teamId);
      if (!team) return null;
      const weeks = {
        startDate: startOfWeek(range.startDate, team.weekStartDay),
        endDate: addDays(startOfWeek(range.endDate, team.weekStartDay), 6),
      };
      const [costing, scheduled, approved] = await Promise.all([
        forTeam(teamId, weeks.endDate),
        scheduleReads(db).costEntriesForTeam(teamId, weeks.startDate, weeks.endDate),
        timesheetReads(db).approvedForTeam(teamId, weeks.startDate, weeks.endDate),
      ]);
      if (!costing) return null;
      const entries: CostEntry[] = withApprovedTimesheets(scheduled, approved, team.timeZone);
      const costed = costing.cost(change ? change(entries) : entries);
      return { costing, costed, summary: costing.summarise(range, costed) };
    },
  };
}
export type LabourCosting = ReturnType<typeof labourCosting>;
