import {
  type AgentChange,
  MAX_PROPOSAL_CHANGES,
  type SolverStatus,
} from '@rotaboard/core/contracts/proposals';
import { entriesConflict } from '@rotaboard/core/shifts/conflicts';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { coverageOf } from '@rotaboard/core/staffing/coverage';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { allViolations } from '@rotaboard/core/staffing/validate';
import { solve } from '../model/solve.ts';
import { keepFairnessPromise } from './fair-promise.ts';
import { greedyPlan, periodMinutes, type Selection } from './greedy-plan.ts';
import { planCost } from './labour-plan.ts';
import { mipPlan } from './mip-plan.ts';
import { aroundDate, buildProblem, type Problem } from './problem.ts';
import { costReason, createReason, removeReason, uncoveredReason } from './reasons.ts';
import { mayClash, newViolations } from './rule-check.ts';
import type { AgentPlan, AgentPlanInput } from './types.ts';

/**
 * The schedule agent's planner (issue 25): the shifts to add (and, in `rebuild`, to remove) over a
 * period so that coverage is as high as it can be, then the team week stays within its budget (issue
 * 43), then hours are spread against contracts, then preferred times are honoured, then as little
 * changes as possible, then it costs the least, breaking no rule, strict or not, and keeping the
 * fairness promise (fair-promise.ts).
 * HiGHS solves it as a MIP in a worker (mip-plan.ts); when it cannot answer, a greedy fill does
 * (greedy-plan.ts). Whatever either says, the rule engine has the last word (enforceRules).
 */

/**
 * HiGHS's time limit when the caller sets none, growing with the number of candidate shifts: a
 * 30-staff fortnight (about 800 candidates) gets about 0.55 s so the whole run stays under 1 s, and
 * 100 staff over 4 weeks (about 5,400) get 2 s so it stays under 5 s. HiGHS starts from the greedy
 * plan, so stopping at the limit costs optimality, never coverage.
 */
export function defaultSolverSeconds(candidates: number): number {
  return Math.min(2, 0.3 + candidates / 3_000);
}

export async function planAgentRun(input: AgentPlanInput): Promise<AgentPlan> {
  const started = performance.now();
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    input.onPhase?.(name, now - mark);
    mark = now;
  };
  const problem = buildProblem(input);
  phase('problem');
  // The greedy plan is both HiGHS's starting point and the answer when HiGHS has none.
  const greedy = greedyPlan(problem);
  phase('greedy');
  let selection: Selection | null = null;
  let status: SolverStatus = 'fallback';
  if (problem.candidates.length > 0) {
    try {
      const seconds = input.seconds ?? defaultSolverSeconds(problem.candidates.length);
      const answer = await mipPlan(problem, seconds, input.solver ?? solve, greedy, input.onPhase);
      if (answer) {
        selection = answer.selection;
        status = answer.status;
      }
    } catch {
      // A solver that throws is a solver that did not answer: the greedy fill takes over.
      selection = null;
    }
  } else {
    // Nothing to choose: there is no model to solve, and "doing nothing" is trivially optimal.
    selection = { creates: [], removes: [] };
    status = 'optimal';
  }
  mark = performance.now();
  if (!selection) {
    selection = greedy;
    status = 'fallback';
  }
  // The promise after the rules (it moves a shift only to someone it breaks no rule for), then the
  // rules once more as the last word.
  const checked = enforceRules(problem, selection);
  const promised = keepFairnessPromise(problem, checked);
  const safe = promised === checked ? checked : enforceRules(problem, promised);
  phase('rules');
  const plan = describe(problem, safe, { status, ms: 0 });
  phase('describe');
  plan.solver.ms = Math.round(performance.now() - started);
  return plan;
}

/** Entries per staffId (Map.groupBy is Node 21). */
function groupByStaff(entries: readonly StaffingEntry[]): Map<string, StaffingEntry[]> {
  const groups = new Map<string, StaffingEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.staffId);
    if (list) list.push(entry);
    else groups.set(entry.staffId, [entry]);
  }
  return groups;
}

/** The team's entries with the selection applied. */
export function applySelection(entries: readonly StaffingEntry[], selection: Selection): StaffingEntry[] {
  const removed = new Set(selection.removes.map((r) => r.entry.shiftId));
  return [
    ...entries.filter((entry) => !removed.has(entry.shiftId)),
    ...selection.creates.map((c) => c.entry),
  ];
}

/**
 * The last safety net: the selection applied must bring no violation that was not there before and no
 * clash. A new shift named by one is dropped (its slot is then reported uncovered); a violation that
 * only removals caused (two shifts left too close) puts that person's removals back. Repeats until clean.
 */
export function enforceRules(problem: Problem, selection: Selection): Selection {
  const { context } = problem.input;
  const before = allViolations(context, context.entries);
  let current: Selection = {
    creates: selection.creates.slice(0, MAX_PROPOSAL_CHANGES),
    removes: selection.removes,
  };
  for (;;) {
    const after = applySelection(context.entries, current);
    const created = new Set(current.creates.map((c) => c.entry.shiftId));
    const drop = new Set<string>();
    const restore = new Set<string>();
    for (const violation of newViolations(before, allViolations(context, after), created)) {
      const mine = violation.shiftIds.filter((id) => created.has(id));
      if (mine.length > 0) for (const id of mine) drop.add(id);
      else restore.add(violation.staffId);
    }
    const byStaff = groupByStaff(after);
    for (const c of current.creates) {
      const around = aroundDate(c.entry.shiftDate);
      const clash = (byStaff.get(c.entry.staffId) ?? []).some(
        (other) =>
          other.shiftId !== c.entry.shiftId &&
          mayClash(other, around) &&
          (other.shiftDate === c.entry.shiftDate ||
            entriesConflict(c.entry, {
              ...other,
              timeOffHours: other.timeOffHours ?? null,
              timeOffDays: other.timeOffDays ?? null,
            })),
      );
      if (clash) drop.add(c.entry.shiftId);
    }
    if (drop.size === 0 && restore.size === 0) return current;
    current = {
      creates: current.creates.filter((c) => !drop.has(c.entry.shiftId)),
      removes: current.removes.filter((r) => !restore.has(r.entry.staffId)),
    };
  }
}

function describe(problem: Problem, selection: Selection, solver: AgentPlan['solver']): AgentPlan {
  const { input, people, days } = problem;
  const { context, startDate, endDate } = input;
  const after = applySelection(context.entries, selection);
  const byStaff = groupByStaff(after);
  const entriesAfter = people.map((person) => byStaff.get(person.staff.staffId) ?? []);
  const minutesAfter = entriesAfter.map((entries) =>
    periodMinutes(entries, startDate, endDate, problem.zone),
  );

  const cost = planCost(problem, selection);
  const creates = [...selection.creates].sort(
    (a, b) =>
      a.start - b.start ||
      a.end - b.end ||
      people[a.person]!.staff.name.localeCompare(people[b.person]!.staff.name),
  );
  const removes = [...selection.removes].sort((a, b) => a.start - b.start || a.person - b.person);
  const changes: AgentChange[] = [];
  for (const r of removes) {
    const person = people[r.person]!;
    const instead = creates.find((c) => c.person === r.person && c.day === r.day);
    changes.push({
      changeId: '',
      kind: 'remove',
      shiftId: r.entry.shiftId,
      reason: removeReason(person, r.entry, minutesAfter[r.person]!, instead, r.covers.length > 0),
    });
  }
  for (const c of creates) {
    const { staffId, shiftDate, startTime, endTime, breakMinutes } = c.entry;
    changes.push({
      changeId: '',
      kind: 'create',
      shift: { staffId, shiftDate, startTime, endTime, breakMinutes },
      reason:
        createReason(problem, c, minutesAfter[c.person]!) +
        costReason(problem, c, selection, minutesAfter, cost),
    });
  }
  changes.forEach((change, i) => {
    change.changeId = `c${i + 1}`;
  });

  const { coverage } = context.settings;
  const rowsBefore = coverageOf(startDate, endDate, coverage, context.staff, context.entries, problem.zone);
  const rowsAfter = coverageOf(startDate, endDate, coverage, context.staff, after, problem.zone);
  const count = (rows: typeof rowsBefore) => ({
    needed: rows.reduce((sum, row) => sum + row.needed, 0),
    filled: rows.reduce((sum, row) => sum + Math.min(row.assigned, row.needed), 0),
  });
  const uncovered = rowsAfter
    .filter((row) => row.assigned < row.needed)
    .map((row) => {
      const slot = problem.slots.find(
        (s) =>
          s.date === row.date &&
          s.slot.startTime === row.startTime &&
          s.slot.endTime === row.endTime &&
          s.slot.role === row.role,
      );
      return {
        date: row.date,
        startTime: row.startTime,
        endTime: row.endTime,
        role: row.role,
        missing: row.needed - row.assigned,
        reason: uncoveredReason(problem, row, slot?.slot.breakMinutes ?? 0, entriesAfter),
      };
    });

  const hours = people
    .filter((person) => isActiveOn(person.staff.leavingDate, days[0]!))
    .map((person) => ({
      staffId: person.staff.staffId,
      minutes: minutesAfter[person.index]!,
      contractedMinutes: person.contractedMinutes,
    }));

  return {
    changes,
    uncovered,
    coverageBefore: count(rowsBefore),
    coverageAfter: count(rowsAfter),
    hours,
    solver,
    cost,
  };
}
