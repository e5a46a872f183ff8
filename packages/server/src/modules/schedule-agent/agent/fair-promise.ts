import { startOfWeek } from '@rotaboard/core/dates/week';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import type { StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { entryMinutes } from './greedy-plan.ts';
import type { Selection } from './problem.ts';
import { type Candidate, type Problem, refusalFor } from './problem.ts';

/**
 * Fairness is a promise, not a tie-break (issue 43): no one is given more than their contracted
 * hours in a team week while a colleague who could take that shift (the role, every rule, their
 * availability: core's rule engine through refusalFor) has no work that week and would stay within
 * their own contract with it. The model's fairness
 * aims hours at contracts over the whole period, which can still pile one week on one person when
 * the period spans two; this check has the last word, after the rules' (plan-run.ts).
 *
 * A broken promise is mended by moving the person's latest new shift that week to such a colleague
 * (the same date and times, counting for every slot it counted for, so coverage is unchanged); the
 * colleague then has work that week, so each move mends one pair and the loop ends.
 */
export function keepFairnessPromise(problem: Problem, selection: Selection): Selection {
  const { context } = problem.input;
  const weekOf = (date: string) => startOfWeek(date, context.weekStartDay);
  let creates = selection.creates;
  const removed = new Set(selection.removes.map((r) => r.entry.shiftId));
  const index = new Map(problem.people.map((p) => [p.staff.staffId, p.index]));
  // Entries never change in place; only the new shifts move, so each person's kept entries are read once.
  const kept = problem.people.map(() => [] as StaffingEntry[]);
  for (const e of context.entries) {
    const person = index.get(e.staffId);
    if (person !== undefined && !removed.has(e.shiftId)) kept[person]!.push(e);
  }
  const keptMinutes = new Map<string, number>();
  kept.forEach((own, person) => {
    for (const e of own) {
      const key = `${person} ${weekOf(e.shiftDate)}`;
      keptMinutes.set(key, (keptMinutes.get(key) ?? 0) + entryMinutes(e, problem.zone));
    }
  });
  for (let moves = 0; moves <= problem.candidates.length; moves++) {
    const entries = kept.map((own) => [...own]);
    for (const c of creates) entries[c.person]!.push(c.entry);
    const minutes = new Map(keptMinutes);
    for (const c of creates) {
      const key = `${c.person} ${weekOf(c.entry.shiftDate)}`;
      minutes.set(key, (minutes.get(key) ?? 0) + c.worked);
    }
    const move = brokenPromise(problem, creates, entries, minutes, weekOf);
    // Nothing to mend: the same selection, so the caller knows nothing moved.
    if (!move) return creates === selection.creates ? selection : { creates, removes: selection.removes };
    creates = creates.map((c) => (c === move.from ? move.to : c));
  }
  return { creates, removes: selection.removes };
}

/**
 * Whether the colleague would stay within their own weekly contract with the shift (or has none
 * recorded): otherwise moving it only moves the broken promise to them, back and forth.
 */
function withinContract(problem: Problem, c: Candidate): boolean {
  const weekly = problem.input.context.contractedHours.get(problem.people[c.person]!.staff.staffId) ?? null;
  return weekly === null || c.worked <= Math.round(weekly * 60);
}

/** The first new shift given past a contract that a colleague with no work that week could take. */
function brokenPromise(
  problem: Problem,
  creates: readonly Candidate[],
  entries: readonly StaffingEntry[][],
  minutes: ReadonlyMap<string, number>,
  weekOf: (date: string) => string,
): { from: Candidate; to: Candidate } | null {
  const { context } = problem.input;
  const latestFirst = [...creates].sort((a, b) => b.start - a.start);
  for (const from of latestFirst) {
    const weekly = context.contractedHours.get(problem.people[from.person]!.staff.staffId) ?? null;
    if (weekly === null) continue;
    const week = weekOf(from.entry.shiftDate);
    if ((minutes.get(`${from.person} ${week}`) ?? 0) <= Math.round(weekly * 60)) continue;
    const to = problem.candidates.find(
      (c) =>
        c.person !== from.person &&
        c.day === from.day &&
        c.entry.startTime === from.entry.startTime &&
        c.entry.endTime === from.entry.endTime &&
        from.covers.every((j) => c.covers.includes(j)) &&
        (minutes.get(`${c.person} ${week}`) ?? 0) === 0 &&
        withinContract(problem, c) &&
        isActiveOn(problem.people[c.person]!.staff.leavingDate, c.entry.shiftDate) &&
        refusalFor(problem.input, problem.people[c.person]!, entries[c.person]!, c.entry) === null,
    );
    if (to) return { from, to };
  }
  return null;
}
