import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { hoursToMinutes, isWorkShift } from '@rotaboard/core/staffing/timeline';
import { MipModel, type Term } from '../model/mip-model.ts';
import { entryMinutes, periodMinutes, type Selection } from './greedy-plan.ts';
import { type Problem, tooClose } from './problem.ts';
import type { AgentPlanInput } from './types.ts';

/**
 * The run as a mixed-integer programme: one binary per candidate shift (add it) and per removable
 * shift (remove it, rebuild only). Rules that involve only the person's kept entries were settled when
 * the candidates were made (problem.ts); the rows here are the rules between choices: rest between two
 * new shifts or a new one and a removable one, one shift a day, hours per team week and days in a row
 * counting existing shifts. Doing nothing is always feasible, so HiGHS always has an answer to improve.
 *
 * Objective (minimised), in weights far enough apart to act in order:
 * - coverage: −COVER per person a slot still needs that the plan gives it;
 * - fairness: each person's shortfall below their target minutes in four quarters, each quarter dearer
 *   than the last, and any excess dearer still, all per minute relative to the target, so hours
 *   spread in proportion to contracts rather than piling on whoever is cheapest;
 * - preference: −PREFER per preferred minute of a new shift;
 * - changes: +CHANGE per shift added or removed.
 */

export const COVER = 100_000;
const FAIR = 1_000;
const PREFER = 0.01;
const CHANGE = 1;

export type Solver = NonNullable<AgentPlanInput['solver']>;

export type MipAnswer = { selection: Selection; status: 'optimal' | 'time-limit' };

export function buildAgentModel(problem: Problem) {
  const { candidates, removables, people, slots, days, input } = problem;
  const { rules } = input.context.settings;
  const model = new MipModel();
  // How to fill in the variables that follow from the choices, for a start solution (startOf).
  const completions: ((values: Float64Array) => void)[] = [];
  const x = candidates.map((c) => model.addVar(`x_${c.index}`, 'binary'));
  const rm = removables.map((r) => model.addVar(`rm_${r.index}`, 'binary'));
  for (const c of candidates) model.addCost(x[c.index]!, CHANGE - PREFER * c.preferred);
  for (const r of removables) model.addCost(rm[r.index]!, CHANGE);

  const byPerson = people.map(() => ({ x: [] as number[], rm: [] as number[] }));
  for (const c of candidates) byPerson[c.person]!.x.push(c.index);
  for (const r of removables) byPerson[r.person]!.rm.push(r.index);
  const minRest = rules.minRestHours.value === null ? 0 : hoursToMinutes(rules.minRestHours.value);
  const from = days[0]!;
  const to = days[days.length - 1]!;

  for (const person of people) {
    const mine = byPerson[person.index]!;
    if (mine.x.length === 0 && mine.rm.length === 0) continue;
    const own = mine.x.map((i) => candidates[i]!);
    const theirRemovables = mine.rm.map((i) => removables[i]!);

    // One shift a day: the new ones, and a new one only where that day's removable one goes.
    for (const [day] of days.entries()) {
      const today = own.filter((c) => c.day === day).map((c) => ({ v: x[c.index]!, coef: 1 }));
      if (today.length === 0) continue;
      const removable = theirRemovables.find((r) => r.day === day);
      model.atMost(removable ? [...today, { v: rm[removable.index]!, coef: -1 }] : today, removable ? 0 : 1);
    }
    // Rest (and no overlap) between two new shifts, and between a new shift and a kept removable one.
    for (const [i, a] of own.entries()) {
      for (const b of own.slice(i + 1)) {
        if (a.day !== b.day && Math.abs(a.day - b.day) <= 3 && tooClose(a, b, minRest))
          model.atMost(
            [
              { v: x[a.index]!, coef: 1 },
              { v: x[b.index]!, coef: 1 },
            ],
            1,
          );
      }
      for (const r of theirRemovables) {
        if (r.day === a.day) continue;
        const conflict = entriesConflict(a.entry, { ...r.entry, timeOffHours: null, timeOffDays: null });
        if (conflict || tooClose(a, r, minRest))
          model.atMost(
            [
              { v: x[a.index]!, coef: 1 },
              { v: rm[r.index]!, coef: -1 },
            ],
            0,
          );
      }
    }

    const fixedWork = person.fixedEntries.filter(isWorkShift);
    // Weekly hours: every team week the period touches, whole, existing shifts counted.
    if (rules.maxWeeklyHours.value !== null) {
      const max = hoursToMinutes(rules.maxWeeklyHours.value);
      const weeks = new Set(days.map((date) => startOfWeek(date, input.context.weekStartDay)));
      for (const week of weeks) {
        const end = addDays(week, 6);
        const inWeek = (date: string) => date >= week && date <= end;
        const fixed = fixedWork.filter((e) => inWeek(e.shiftDate)).reduce((s, e) => s + entryMinutes(e), 0);
        const rem = theirRemovables.filter((r) => inWeek(r.entry.shiftDate));
        const news = own.filter((c) => inWeek(c.entry.shiftDate));
        if (news.length === 0) continue;
        const existing = fixed + rem.reduce((s, r) => s + r.worked, 0);
        if (existing > max) {
          for (const c of news) model.fix(x[c.index]!, 0);
          continue;
        }
        const terms: Term[] = [
          ...news.map((c) => ({ v: x[c.index]!, coef: c.worked })),
          ...rem.map((r) => ({ v: rm[r.index]!, coef: -r.worked })),
        ];
        model.atMost(terms, max - existing);
      }
    }
    // Days in a row: every window of max + 1 days touching the period holds a day off.
    if (rules.maxConsecutiveDays.value !== null) {
      const max = rules.maxConsecutiveDays.value;
      const fixedDays = new Set(fixedWork.map((e) => e.shiftDate));
      for (let first = addDays(from, -max); first <= to; first = addDays(first, 1)) {
        const last = addDays(first, max);
        const within = (date: string) => date >= first && date <= last;
        const news = own.filter((c) => within(c.entry.shiftDate));
        if (news.length === 0) continue;
        const rem = theirRemovables.filter(
          (r) => within(r.entry.shiftDate) && !fixedDays.has(r.entry.shiftDate),
        );
        const worked = [...fixedDays].filter(within).length + rem.length;
        if (worked > max) {
          for (const c of news) model.fix(x[c.index]!, 0);
          continue;
        }
        const terms: Term[] = [
          ...news.map((c) => ({ v: x[c.index]!, coef: 1 })),
          ...rem.map((r) => ({ v: rm[r.index]!, coef: -1 })),
        ];
        model.atMost(terms, max - worked);
      }
    }

    // Fairness: minutes in the period after the plan against the person's target.
    const existing = periodMinutes(person.entries, from, to);
    const hoursTerms: Term[] = [
      ...own.map((c) => ({ v: x[c.index]!, coef: c.worked })),
      ...theirRemovables.map((r) => ({ v: rm[r.index]!, coef: -r.worked })),
    ];
    const target = person.targetMinutes;
    const perMinute = FAIR / Math.max(target, 600);
    const minutesOf = (values: Float64Array) =>
      existing + hoursTerms.reduce((sum, t) => sum + t.coef * (values[t.v] ?? 0), 0);
    if (target > 0) {
      const quarters = [1, 2, 3, 4].map((step) => {
        const v = model.addVar(`short_${person.index}_${step}`, 'continuous', 0, target / 4);
        model.addCost(v, perMinute * step);
        return v;
      });
      model.atLeast([...quarters.map((v) => ({ v, coef: 1 })), ...hoursTerms], target - existing);
      completions.push((values) => {
        let short = Math.max(0, target - minutesOf(values));
        for (const v of quarters) {
          values[v] = Math.min(short, target / 4);
          short -= values[v];
        }
      });
    }
    const over = model.addVar(`over_${person.index}`, 'continuous', 0);
    model.addCost(over, perMinute * 6);
    model.atLeast(
      [{ v: over, coef: 1 }, ...hoursTerms.map((t) => ({ v: t.v, coef: -t.coef }))],
      existing - target,
    );
    completions.push((values) => {
      values[over] = Math.max(0, minutesOf(values) - target);
    });
  }

  // Coverage: what each slot still needs, filled by new shifts and removable ones kept. New shifts of a
  // slot's own times never go beyond what the slots with those times need (no staffing for its own sake).
  const coverTerms = slots.map(() => [] as Term[]);
  for (const c of candidates) for (const j of c.covers) coverTerms[j]!.push({ v: x[c.index]!, coef: -1 });
  const removableCover = slots.map(() => 0);
  for (const r of removables) {
    for (const j of r.covers) {
      coverTerms[j]!.push({ v: rm[r.index]!, coef: 1 });
      removableCover[j]! += 1;
    }
  }
  for (const slot of slots) {
    const open = Math.max(0, slot.slot.staffCount - slot.fixedStaff.size);
    if (open === 0) continue;
    // Continuous: at an optimum it equals a whole count anyway (both its bounds are whole numbers).
    const filled = model.addVar(`cover_${slot.index}`, 'continuous', 0, open);
    model.addCost(filled, -COVER);
    const terms = coverTerms[slot.index]!;
    model.atMost([{ v: filled, coef: 1 }, ...terms], removableCover[slot.index]!);
    completions.push((values) => {
      const given =
        removableCover[slot.index]! - terms.reduce((sum, t) => sum + t.coef * (values[t.v] ?? 0), 0);
      values[filled] = Math.min(open, given);
    });
  }
  // Grouped by day and times: the candidates of those times, and the removable shifts of those times
  // (a kept one takes a place, a removed one frees it).
  const groups = new Map<string, { need: number; vars: number[]; removable: number[] }>();
  const groupOf = (
    day: number,
    e: { startTime: string | null; endTime: string | null; breakMinutes: number },
  ) => groups.get(`${day} ${e.startTime}-${e.endTime}-${e.breakMinutes}`);
  for (const slot of slots) {
    const key = `${slot.day} ${slot.slot.startTime}-${slot.slot.endTime}-${slot.slot.breakMinutes}`;
    const group = groups.get(key) ?? { need: 0, vars: [], removable: [] };
    group.need += Math.max(0, slot.slot.staffCount - slot.fixedStaff.size);
    groups.set(key, group);
  }
  for (const c of candidates) groupOf(c.day, c.entry)?.vars.push(x[c.index]!);
  for (const r of removables) groupOf(r.day, r.entry)?.removable.push(rm[r.index]!);
  for (const group of groups.values()) {
    const room = Math.max(0, group.need - group.removable.length);
    if (group.vars.length <= room) continue;
    model.atMost(
      [...group.vars.map((v) => ({ v, coef: 1 })), ...group.removable.map((v) => ({ v, coef: -1 }))],
      room,
    );
  }

  /** Every variable's value for a plan (x and rm set by it, the rest what they cost the least at). */
  const startOf = (selection: Selection): Float64Array => {
    const values = new Float64Array(model.varCount);
    for (const c of selection.creates) values[x[c.index]!] = 1;
    for (const r of selection.removes) values[rm[r.index]!] = 1;
    for (const complete of completions) complete(values);
    return values;
  };
  return { model, x, rm, startOf };
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
): Promise<MipAnswer | null> {
  const { model, x, rm, startOf } = buildAgentModel(problem);
  const values = startOf(start);
  const indices = Int32Array.from(values, (_, i) => i);
  const result = await solver(model, {
    seconds,
    graceMs: 1_000,
    startupMs: 3_000,
    start: { indices, values },
  });
  const solved = result.values;
  if (!solved || (result.status !== 'optimal' && result.status !== 'time-limit')) return null;
  return {
    status: result.status,
    selection: {
      creates: problem.candidates.filter((c) => (solved[x[c.index]!] ?? 0) > 0.5),
      removes: problem.removables.filter((r) => (solved[rm[r.index]!] ?? 0) > 0.5),
    },
  };
}
