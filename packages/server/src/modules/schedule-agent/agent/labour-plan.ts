import type { AgentCost } from '@rotaboard/core/contracts/proposals';
import { startOfWeek } from '@rotaboard/core/dates/week';
import { type CostEntry, costShifts } from '@rotaboard/core/labour/labour-cost';
import { multiplierHundredths } from '@rotaboard/core/labour/money';
import { rateOn } from '@rotaboard/core/labour/pay-rates';
import { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';
import type { Term } from '../model/mip-model.ts';
import type { Roster, RosterShift } from '../model/roster.ts';
import type { Problem, Selection } from './problem.ts';

/**
 * What a plan costs (issue 43), for the planner. The figure the agent reports and checks the budget
 * against is always core's exact `costShifts` of the schedule with the plan applied, over the whole
 * team weeks the period touches, exactly as `/labour` reads them; the model only carries a linear
 * estimate of it (each shift's minutes × rate / 60, and overtime as the minutes past the threshold at
 * the person's highest rate that week), good enough to steer the search.
 */

/** The team weeks (their first days) the period touches. */
export function periodWeeks(problem: Problem): string[] {
  const { weekStartDay } = problem.input.context;
  return [...new Set(problem.days.map((date) => startOfWeek(date, weekStartDay)))];
}

/** The weeks' entries with the plan applied: removed shifts gone, new shifts in. */
function entriesWith(problem: Problem, selection: Selection): CostEntry[] {
  const labour = problem.input.labour;
  if (!labour) return [];
  const removed = new Set(selection.removes.map((r) => r.entry.shiftId));
  return [
    ...labour.entries.filter((entry) => !removed.has(entry.shiftId)),
    ...selection.creates.map((c) => c.entry),
  ];
}

/** Core's exact cost of each team week of the period with the plan applied (0 without labour). */
export function weekCosts(problem: Problem, selection: Selection): Map<string, number> {
  const weeks = new Map(periodWeeks(problem).map((week) => [week, 0]));
  const labour = problem.input.labour;
  if (!labour) return weeks;
  const weekOf = (date: string) => startOfWeek(date, labour.context.weekStartDay);
  for (const shift of costShifts(entriesWith(problem, selection), labour.context)) {
    const week = weekOf(shift.date);
    const sum = weeks.get(week);
    if (sum !== undefined) weeks.set(week, sum + shift.costMinor);
  }
  return weeks;
}

/** How far each week is over the weekly budget (only weeks over it); empty without a budget. */
export function overBudget(problem: Problem, selection: Selection): Map<string, number> {
  const budget = problem.input.labour?.weeklyBudgetMinor ?? null;
  const over = new Map<string, number>();
  if (budget === null) return over;
  for (const [week, cost] of weekCosts(problem, selection)) if (cost > budget) over.set(week, cost - budget);
  return over;
}

/** Total budget excess over the weeks, in minor units. */
export function budgetExcess(problem: Problem, selection: Selection): number {
  return [...overBudget(problem, selection).values()].reduce((a, b) => a + b, 0);
}

const total = (costs: Map<string, number>) => [...costs.values()].reduce((a, b) => a + b, 0);

/** The run's `cost`: the weeks before and after the plan, against the weekly budget times the weeks. */
export function planCost(problem: Problem, selection: Selection): AgentCost {
  const budget = problem.input.labour?.weeklyBudgetMinor ?? null;
  const weeks = periodWeeks(problem);
  return {
    beforeMinor: total(weekCosts(problem, { creates: [], removes: [] })),
    afterMinor: total(weekCosts(problem, selection)),
    budgetMinor: budget === null ? null : budget * weeks.length,
  };
}

/** The hourly rate of a person on a date, in minor units (0 without one: they cost nothing, as in core). */
export function hourlyRate(problem: Problem, person: number, date: string): number {
  const labour = problem.input.labour;
  if (!labour) return 0;
  const staffId = problem.people[person]!.staff.staffId;
  return rateOn(labour.context.ratesByStaff.get(staffId) ?? [], date)?.hourlyRateMinor ?? 0;
}

/** A candidate's estimated cost without overtime: minutes × rate / 60 (the model's coefficient). */
export function candidateCost(problem: Problem, index: number): number {
  const c = problem.candidates[index]!;
  return (c.worked * hourlyRate(problem, c.person, c.entry.shiftDate)) / 60;
}

export type LabourTerms = {
  /** Per team week: the estimated cost as terms plus a constant (the shifts the run cannot change). */
  weeks: { week: string; terms: Term[]; constant: number }[];
  /** The most one shift can cost, overtime included: what scales the budget's weight under coverage's. */
  maxShiftCost: number;
};

/**
 * The model's estimate of each week's cost over the roster's variables (`x` the candidates, `keep` the
 * removable shifts), with an overtime variable per person and week where overtime can arise.
 */
export function labourTerms(
  problem: Problem,
  roster: Roster,
  x: readonly RosterShift[],
  keep: readonly RosterShift[],
): LabourTerms {
  const labour = problem.input.labour;
  const weeks = periodWeeks(problem);
  if (!labour) return { weeks: weeks.map((week) => ({ week, terms: [], constant: 0 })), maxShiftCost: 0 };
  const { context } = labour;
  const weekOf = (date: string) => startOfWeek(date, context.weekStartDay);
  const removableIds = new Set(problem.removables.map((r) => r.entry.shiftId));
  const fixed = labour.entries.filter((entry) => !removableIds.has(entry.shiftId));
  const byWeek = new Map(weeks.map((week) => [week, { week, terms: [] as Term[], constant: 0 }]));
  for (const shift of costShifts(fixed, context)) byWeek.get(weekOf(shift.date))!.constant += shift.costMinor;

  // Each variable shift's plain cost, and who works what minutes in which week (for overtime).
  const multiplier = multiplierHundredths(context.settings.overtimeMultiplier) / 100;
  let maxShiftCost = 0;
  const loads = new Map<string, { person: number; week: string; terms: Term[]; rate: number }>();
  const variable = [
    ...problem.candidates.map((c) => ({
      shift: x[c.index]!,
      person: c.person,
      date: c.entry.shiftDate,
      worked: c.worked,
    })),
    ...problem.removables.map((r) => ({
      shift: keep[r.index]!,
      person: r.person,
      date: r.entry.shiftDate,
      worked: r.worked,
    })),
  ];
  for (const { shift, person, date, worked } of variable) {
    const week = byWeek.get(weekOf(date));
    if (!week) continue;
    const rate = hourlyRate(problem, person, date);
    const cost = (worked * rate) / 60;
    maxShiftCost = Math.max(maxShiftCost, cost * multiplier);
    if (cost > 0) week.terms.push({ v: shift.v, coef: cost });
    const key = `${person} ${week.week}`;
    const load = loads.get(key) ?? { person, week: week.week, terms: [], rate: 0 };
    load.terms.push({ v: shift.v, coef: worked });
    load.rate = Math.max(load.rate, rate);
    loads.set(key, load);
  }

  const after = context.settings.overtimeAfterMinutes;
  if (after !== null && multiplier > 1) {
    for (const load of loads.values()) {
      if (load.rate === 0) continue;
      const staffId = problem.people[load.person]!.staff.staffId;
      const already = fixed
        .filter((e) => e.staffId === staffId && !e.isTimeOff && weekOf(e.shiftDate) === load.week)
        .reduce((sum, e) => sum + workedMinutes(e, context.timeZone), 0);
      // Minutes past the threshold with the plan; those the fixed shifts already had are in the constant.
      const overtime = roster.model.addVar(`overtime_${staffId}_${load.week}`, 'continuous', 0);
      roster.model.atLeast(
        [{ v: overtime, coef: 1 }, ...load.terms.map((t) => ({ v: t.v, coef: -t.coef }))],
        already - after,
      );
      roster.completions.push((values) => {
        const minutes = already + load.terms.reduce((n, t) => n + t.coef * (values[t.v] ?? 0), 0);
        values[overtime] = Math.max(0, minutes - after);
      });
      const premium = (load.rate * (multiplier - 1)) / 60;
      const week = byWeek.get(load.week)!;
      week.terms.push({ v: overtime, coef: premium });
      week.constant -= premium * Math.max(0, already - after);
    }
  }
  return { weeks: [...byWeek.values()], maxShiftCost };
}

/**
 * Adds the labour cost to the model: `costWeight` per minor unit in the objective, and where there is
 * a budget, each week's excess over its target (the budget, or less after an overshoot) priced at
 * `excessWeight` per minor unit.
 */
export function addLabourCost(
  problem: Problem,
  roster: Roster,
  terms: LabourTerms,
  weights: { costWeight: number; excessWeight: number; targets?: ReadonlyMap<string, number> },
): void {
  const { model } = roster;
  for (const week of terms.weeks) for (const t of week.terms) model.addCost(t.v, weights.costWeight * t.coef);
  const budget = problem.input.labour?.weeklyBudgetMinor ?? null;
  if (budget === null) return;
  for (const week of terms.weeks) {
    if (week.terms.length === 0) continue;
    const target = weights.targets?.get(week.week) ?? budget;
    const excess = model.addVar(`excess_${week.week}`, 'continuous', 0);
    model.addCost(excess, weights.excessWeight);
    model.atMost([...week.terms, { v: excess, coef: -1 }], target - week.constant);
    roster.completions.push((values) => {
      const cost = week.constant + week.terms.reduce((n, t) => n + t.coef * (values[t.v] ?? 0), 0);
      values[excess] = Math.max(0, cost - target);
    });
  }
}
