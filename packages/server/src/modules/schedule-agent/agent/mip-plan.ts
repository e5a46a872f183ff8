import { addDays, dayNumber, startOfWeek } from '@rotaboard/core/dates/week';
import { hoursToMinutes, isWorkShift, placeShift } from '@rotaboard/core/staffing/timeline';
import { MipModel } from '../model/mip-model.ts';
import {
  addFixedShift,
  addShift,
  completeValues,
  createShiftRoster,
  type RosterShift,
} from '../model/roster.ts';
import {
  maxConsecutiveWorkDays,
  minRest,
  minutesWithin,
  oneShiftPerDay,
  shiftLength,
} from '../model/roster-constraints.ts';
import { changeCost, fairMinutes, preferShift } from '../model/roster-costs.ts';
import { capShifts, coverShifts } from '../model/roster-coverage.ts';
import { entryMinutes, type Selection } from './greedy-plan.ts';
import { addLabourCost, budgetExcess, labourTerms, overBudget } from './labour-plan.ts';
import type { Problem } from './problem.ts';
import type { AgentPlanInput } from './types.ts';

/**
 * The run as a mixed-integer programme, built only from the roster builders (model/roster*.ts)
 * that the NRP benchmark uses too. Its shifts are the candidates (a person, a date, a coverage slot's
 * times: add it or not) and, in rebuild, the removable shifts (existing: keep it or not); the person's
 * other entries are fixed shifts, inside the period and around it, that rest, weekly hours and days in a
 * row count. Candidates were already checked against those fixed entries (problem.ts); the rows settle
 * the rules between choices. Doing nothing is always feasible, so HiGHS always has an answer to improve.
 *
 * Objective (minimised), in weights far enough apart to act in order:
 * - coverage: COVER per person a slot still needs and the plan does not give it;
 * - the budget (issue 43): each team week's estimated cost over its budget, per minor unit, at a
 *   weight that keeps one shift's whole cost below one person of coverage (labour-plan.ts);
 * - fairness: each person's shortfall below their target minutes in four quarters, each quarter dearer
 *   than the last, and any excess dearer still, all per minute relative to the target, so hours
 *   spread in proportion to contracts rather than piling on whoever is cheapest;
 * - preference: −PREFER per preferred minute of a new shift;
 * - changes: +CHANGE per shift added or removed;
 * - cost: COST per minor unit of estimated cost (a 96.00 shift weighs about as much as one minute of
 *   fairness), so of two plans equal on the rest the cheaper wins.
 *
 * When a budget is set and core's exact figure for the answer is over it, a second solve (`fitBudget`)
 * keeps the first's coverage as a hard row and prices the excess far above fairness: where a plan of
 * the same coverage fits the budget, that is the one proposed.
 */

export const COVER = 100_000;
const FAIR = 1_000;
const PREFER = 0.01;
const CHANGE = 1;
const COST = 0.001;
/** The second solve's price of a minor unit over budget: above any fairness difference it could buy. */
const EXCESS_AT_SAME_COVERAGE = 100;

export type Solver = NonNullable<AgentPlanInput['solver']>;

export type MipAnswer = { selection: Selection; status: 'optimal' | 'time-limit' };

const timesKey = (e: { startTime: string | null; endTime: string | null; breakMinutes: number }) =>
  `${e.startTime}-${e.endTime}-${e.breakMinutes}`;

export type ModelOptions = {
  /** Per team week, the cost to stay under (the budget, tightened after an overshoot). */
  budgetTargets?: ReadonlyMap<string, number>;
  /** At most this many people short over all slots (the second solve keeps the first's coverage). */
  maxShortfall?: number;
};

export function buildAgentModel(problem: Problem, options: ModelOptions = {}) {
  const { candidates, removables, people, slots, days, input, zone } = problem;
  const { rules } = input.context.settings;
  const model = new MipModel();
  const first = dayNumber(days[0]!);
  const dayOf = (date: string) => dayNumber(date) - first;

  // Shift kinds: the distinct times of the candidates (the slots') and of the removable shifts.
  const kinds = new Map<string, number>();
  const kindOf = (e: Parameters<typeof timesKey>[0]) => {
    const key = timesKey(e);
    if (!kinds.has(key)) kinds.set(key, kinds.size);
    return kinds.get(key)!;
  };
  for (const c of candidates) kindOf(c.entry);
  for (const r of removables) kindOf(r.entry);
  const roster = createShiftRoster(
    model,
    people.map((p) => p.staff.staffId),
    days.length,
    [...kinds.keys()],
  );
  const x = candidates.map((c) =>
    addShift(roster, {
      staff: c.person,
      day: c.day,
      kind: kindOf(c.entry),
      start: c.start,
      end: c.end,
      minutes: c.worked,
    }),
  );
  const keep = removables.map((r) =>
    addShift(roster, {
      staff: r.person,
      day: r.day,
      kind: kindOf(r.entry),
      start: r.start,
      end: r.end,
      minutes: r.worked,
      existing: true,
    }),
  );
  for (const person of people)
    for (const e of person.fixedEntries.filter(isWorkShift)) {
      const placed = placeShift(e, zone);
      addFixedShift(roster, person.index, {
        day: dayOf(e.shiftDate),
        start: placed.start,
        end: placed.end,
        minutes: entryMinutes(e, zone),
      });
    }

  changeCost(roster, CHANGE);
  for (const c of candidates) if (c.preferred > 0) preferShift(roster, x[c.index]!, PREFER * c.preferred);

  oneShiftPerDay(roster);
  minRest(roster, rules.minRestHours.value === null ? 0 : hoursToMinutes(rules.minRestHours.value));
  shiftLength(
    roster,
    rules.minShiftHours.value === null ? null : hoursToMinutes(rules.minShiftHours.value),
    rules.maxShiftHours.value === null ? null : hoursToMinutes(rules.maxShiftHours.value),
  );
  const weeks = [...new Set(days.map((date) => startOfWeek(date, input.context.weekStartDay)))];
  for (const person of people) {
    // Someone with nothing to choose gets no rows: their rota stays as it is.
    if (roster.cells[person.index]!.every((day) => day.length === 0)) continue;
    if (rules.maxWeeklyHours.value !== null) {
      const max = hoursToMinutes(rules.maxWeeklyHours.value);
      // Every team week the period touches, whole, existing shifts counted.
      for (const week of weeks)
        minutesWithin(roster, person.index, dayOf(week), dayOf(addDays(week, 6)), { max });
    }
    if (rules.maxConsecutiveDays.value !== null)
      maxConsecutiveWorkDays(roster, person.index, rules.maxConsecutiveDays.value);
    const target = person.targetMinutes;
    fairMinutes(roster, person.index, 0, days.length - 1, target, FAIR / Math.max(target, 600));
  }

  // Coverage: what each slot still needs, filled by new shifts and removable ones kept.
  const coverers = slots.map(() => [] as RosterShift[]);
  for (const c of candidates) for (const j of c.covers) coverers[j]!.push(x[c.index]!);
  for (const r of removables) for (const j of r.covers) coverers[j]!.push(keep[r.index]!);
  for (const slot of slots) {
    const open = Math.max(0, slot.slot.staffCount - slot.fixedStaff.size);
    if (open === 0) continue;
    coverShifts(roster, coverers[slot.index]!, open, {
      under: COVER,
      over: 0,
      slack: 'continuous',
      name: String(slot.index),
    });
  }
  // Shifts of a slot's own times never go beyond what the slots with those times need on that day
  // (no staffing for its own sake).
  const need = new Map<string, number>();
  for (const slot of slots) {
    const key = `${slot.day} ${timesKey(slot.slot)}`;
    need.set(key, (need.get(key) ?? 0) + Math.max(0, slot.slot.staffCount - slot.fixedStaff.size));
  }
  const groups = new Map<string, RosterShift[]>();
  for (const shift of roster.shifts) {
    const key = `${shift.day} ${roster.shiftIds[shift.kind]}`;
    if (!need.has(key)) continue;
    const group = groups.get(key);
    if (group) group.push(shift);
    else groups.set(key, [shift]);
  }
  for (const [key, shifts] of groups) capShifts(roster, shifts, need.get(key)!);

  // Money last among the rows: its overtime and excess helpers read the shifts' values when completed.
  const labour = labourTerms(problem, roster, x, keep);
  const fixedCoverage = options.maxShortfall !== undefined;
  addLabourCost(problem, roster, labour, {
    costWeight: COST,
    excessWeight: fixedCoverage ? EXCESS_AT_SAME_COVERAGE : COVER / (2 * labour.maxShiftCost + 2),
    targets: options.budgetTargets,
  });
  if (fixedCoverage) {
    const unders = roster.covers.map((c) => c.under).filter((v) => v >= 0);
    if (unders.length > 0)
      model.atMost(
        unders.map((v) => ({ v, coef: 1 })),
        options.maxShortfall!,
      );
  }

  /** Every variable's value for a plan (its shifts set by it, the rest what they cost the least at). */
  const startOf = (selection: Selection): Float64Array => {
    const values = new Float64Array(model.varCount);
    for (const c of selection.creates) values[x[c.index]!.v] = 1;
    for (const shift of keep) values[shift.v] = 1;
    for (const r of selection.removes) values[keep[r.index]!.v] = 0;
    return completeValues(roster, values);
  };
  /** People short over all slots in solved values (the coverage slacks, tightened). */
  const shortfallOf = (values: Float64Array): number =>
    roster.covers.reduce(
      (n, c) =>
        n + (c.under >= 0 ? Math.max(0, c.required - c.staff.reduce((m, v) => m + (values[v] ?? 0), 0)) : 0),
      0,
    );
  return { model, roster, x, keep, startOf, shortfallOf };
}

/**
 * Solves the run's model, starting from `start` (the greedy plan) so HiGHS never answers worse than
 * it; null when HiGHS gives no roster (error, stop, nothing found in time).
 */
export async function mipPlan(
  problem: Problem,
  seconds: number,
  solver: Solver,
  start: Selection,
  onPhase?: (phase: string, ms: number) => void,
): Promise<MipAnswer | null> {
  const first = await solveOnce(problem, {}, seconds, solver, start, onPhase);
  if (!first) return null;
  return (await fitBudget(problem, first, seconds, solver, onPhase)) ?? first;
}

type Solved = MipAnswer & { shortfall: number };

async function solveOnce(
  problem: Problem,
  options: ModelOptions,
  seconds: number,
  solver: Solver,
  start: Selection,
  onPhase?: (phase: string, ms: number) => void,
): Promise<Solved | null> {
  const built = performance.now();
  const { model, x, keep, startOf, shortfallOf } = buildAgentModel(problem, options);
  const values = startOf(start);
  const indices = Int32Array.from(values, (_, i) => i);
  onPhase?.('model', performance.now() - built);
  const solving = performance.now();
  const result = await solver(model, {
    seconds,
    graceMs: 1_000,
    startupMs: 3_000,
    start: { indices, values },
  });
  onPhase?.('solve', performance.now() - solving);
  for (const [part, ms] of Object.entries(result.phases ?? {})) onPhase?.(`solve.${part}`, ms);
  const solved = result.values;
  if (!solved || (result.status !== 'optimal' && result.status !== 'time-limit')) return null;
  return {
    status: result.status,
    shortfall: Math.round(shortfallOf(solved)),
    selection: {
      creates: problem.candidates.filter((c) => (solved[x[c.index]!.v] ?? 0) > 0.5),
      removes: problem.removables.filter((r) => (solved[keep[r.index]!.v] ?? 1) < 0.5),
    },
  };
}

/**
 * Coverage first, then the budget: when core's exact cost of `first` is over the budget in a week,
 * solve again with its coverage kept and the excess priced above fairness, starting from `first`;
 * where the model's estimate fitted but core's figure did not (overtime in time order, rounding),
 * lower that week's target by the overshoot and solve once more. Null when nothing fits better.
 */
async function fitBudget(
  problem: Problem,
  first: Solved,
  seconds: number,
  solver: Solver,
  onPhase?: (phase: string, ms: number) => void,
): Promise<Solved | null> {
  const budget = problem.input.labour?.weeklyBudgetMinor ?? null;
  if (budget === null || overBudget(problem, first.selection).size === 0) return null;
  let best: Solved | null = null;
  let bestExcess = budgetExcess(problem, first.selection);
  const targets = new Map<string, number>();
  let previous = Number.POSITIVE_INFINITY;
  let start = first.selection;
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await solveOnce(
      problem,
      { budgetTargets: targets, maxShortfall: first.shortfall },
      seconds,
      solver,
      start,
      onPhase,
    ).catch(() => null);
    if (!answer || answer.shortfall > first.shortfall) break;
    const over = overBudget(problem, answer.selection);
    const excess = [...over.values()].reduce((a, b) => a + b, 0);
    if (excess < bestExcess) {
      best = answer;
      bestExcess = excess;
      start = answer.selection;
    }
    // Tightening helps only while it brings the excess down (a week no plan fits stays over).
    if (excess === 0 || excess >= previous) break;
    previous = excess;
    for (const [week, by] of over) targets.set(week, (targets.get(week) ?? budget) - by);
  }
  return best;
}
