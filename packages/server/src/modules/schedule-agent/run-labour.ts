import type { AgentChange, AgentCost } from '@rotaboard/core/contracts/proposals';
import { addDays } from '@rotaboard/core/dates/week';
import type { CostEntry } from '@rotaboard/core/labour/labour-cost';
import { withApprovedTimesheets } from '@rotaboard/core/time-clock/approved-time';
import type { Db } from '../../db/db.ts';
import { type DateRange, labourCosting } from '../labour/labour-costing.ts';
import { scheduleReads } from '../shifts/schedule-reads.ts';
import { timesheetReads } from '../time-clock/timesheet-reads.ts';
import type { AgentLabour } from './agent/types.ts';

/**
 * The schedule agent's money (issue 43), read through the labour module's published costing so the
 * agent's figures are `/labour`'s: the planner's input (rates, overtime, budget, the whole team weeks'
 * entries) and the run's reported cost. The agent is Pro already, so no plan check here: a Pro team
 * without rates still gets its (zero) cost, and every person without a rate costs 0 as in `/labour`.
 */
export async function loadRunLabour(
  db: Db,
  teamId: string,
  range: DateRange,
): Promise<AgentLabour | undefined> {
  // Rates up to the end of the last week (at most six days past the period's end), so a shift late in
  // it is costed at its own date's rate.
  const costing = await labourCosting(db).forTeam(teamId, addDays(range.endDate, 6));
  if (!costing) return undefined;
  const weeks = costing.weeksAround(range);
  // Approved timesheets in their shifts' place (issue 44), as costRange reads them for /labour.
  const [scheduled, approved] = await Promise.all([
    scheduleReads(db).costEntriesForTeam(teamId, weeks.startDate, weeks.endDate),
    timesheetReads(db).approvedForTeam(teamId, weeks.startDate, weeks.endDate),
  ]);
  return {
    context: costing.context,
    weeklyBudgetMinor: costing.team.weeklyBudgetMinor,
    currency: costing.team.currency,
    entries: withApprovedTimesheets(scheduled, approved, costing.context.timeZone),
  };
}

/** A plan's changes applied to the schedule's entries, as `/labour` will read them once accepted whole. */
function applyChanges(entries: CostEntry[], changes: readonly AgentChange[]): CostEntry[] {
  const removed = new Set(changes.flatMap((c) => (c.kind === 'remove' ? [c.shiftId] : [])));
  const created = changes.flatMap((c): CostEntry[] =>
    c.kind === 'create'
      ? [
          {
            ...c.shift,
            shiftId: `proposed:${c.changeId}`,
            isTimeOff: c.shift.isTimeOff ?? false,
            timeOffHours: null,
            timeOffDays: null,
          },
        ]
      : [],
  );
  return [...entries.filter((e) => !removed.has(e.shiftId)), ...created];
}

/**
 * The run's `cost`: the team weeks the period touches, before and with the plan accepted whole (the
 * labour module's costRange, so `afterMinor` is the sum of `/labour`'s `weeks[].costMinor` then),
 * against the weekly budget times those weeks.
 */
export async function runCost(
  db: Db,
  teamId: string,
  range: DateRange,
  changes: readonly AgentChange[],
): Promise<AgentCost> {
  const [before, after] = await Promise.all([
    labourCosting(db).costRange(teamId, range),
    labourCosting(db).costRange(teamId, range, (entries) => applyChanges(entries, changes)),
  ]);
  const sum = (weeks: { costMinor: number }[] | undefined) =>
    (weeks ?? []).reduce((total, week) => total + week.costMinor, 0);
  const weeks = after?.summary.weeks ?? [];
  const budget = after?.costing.team.weeklyBudgetMinor ?? null;
  return {
    beforeMinor: sum(before?.summary.weeks),
    afterMinor: sum(weeks),
    budgetMinor: budget === null ? null : budget * weeks.length,
  };
}
