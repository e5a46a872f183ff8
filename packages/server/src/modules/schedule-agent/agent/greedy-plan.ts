import { startOfWeek } from '@rotaboard/core/dates/week';
import { workedMinutes } from '@rotaboard/core/shifts/worked-minutes';
import { isWorkShift, type StaffingEntry } from '@rotaboard/core/staffing/timeline';
import { candidateCost, weekCosts } from './labour-plan.ts';
import { type Candidate, type Problem, refusalFor, type Selection } from './problem.ts';

export type { Selection } from './problem.ts';

/**
 * The fallback when HiGHS cannot answer: slots with the fewest candidates to spare first, each filled
 * by the person furthest below their target hours (then the one who prefers it), every addition checked
 * with the rule engine against everything the person already has, so it breaks no rule either. It only
 * adds: removing shifts is worth it only as part of a whole new roster, which is the solver's work.
 * With a weekly budget (issue 43), someone whose shift keeps the week within it comes before fairness,
 * and of two equally fair the cheaper; the week's spend is core's figure before the run plus each
 * pick's cost without overtime (the exact figure is core's, in planCost).
 */
export function greedyPlan(problem: Problem): Selection {
  const { people, slots, candidates, input, days } = problem;
  const entries = people.map((person) => [...person.entries]);
  const minutes = people.map((person) =>
    periodMinutes(person.entries, days[0]!, days[days.length - 1]!, problem.zone),
  );
  const staffOn = slots.map((slot) => new Set(slot.fixedStaff));
  for (const removable of problem.removables)
    for (const j of removable.covers) staffOn[j]!.add(people[removable.person]!.staff.staffId);
  const bySlot = slots.map(() => [] as Candidate[]);
  for (const candidate of candidates) for (const j of candidate.covers) bySlot[j]!.push(candidate);
  const missing = (j: number) => slots[j]!.slot.staffCount - staffOn[j]!.size;

  const order = slots
    .map((slot) => slot.index)
    .sort((a, b) => bySlot[a]!.length - missing(a) - (bySlot[b]!.length - missing(b)) || a - b);
  const taken = new Set<string>();
  const creates: Candidate[] = [];
  const budget = input.labour?.weeklyBudgetMinor ?? null;
  const spent = weekCosts(problem, { creates: [], removes: [] });
  const weekOf = (c: Candidate) => startOfWeek(c.entry.shiftDate, input.context.weekStartDay);
  const cost = (c: Candidate) => candidateCost(problem, c.index);
  const overBudget = (c: Candidate) =>
    budget !== null && (spent.get(weekOf(c)) ?? 0) + cost(c) > budget ? 1 : 0;
  for (const j of order) {
    while (missing(j) > 0) {
      const ratio = (c: Candidate) => minutes[c.person]! / Math.max(60, people[c.person]!.targetMinutes);
      const options = bySlot[j]!.filter(
        (c) => !taken.has(`${c.person}:${c.day}`) && !staffOn[j]!.has(c.entry.staffId),
      ).sort(
        (a, b) =>
          overBudget(a) - overBudget(b) ||
          ratio(a) - ratio(b) ||
          cost(a) - cost(b) ||
          b.preferred - a.preferred ||
          a.index - b.index,
      );
      const pick = options.find(
        (c) => refusalFor(input, people[c.person]!, entries[c.person]!, c.entry) === null,
      );
      if (!pick) break;
      creates.push(pick);
      taken.add(`${pick.person}:${pick.day}`);
      entries[pick.person]!.push(pick.entry);
      minutes[pick.person]! += pick.worked;
      spent.set(weekOf(pick), (spent.get(weekOf(pick)) ?? 0) + cost(pick));
      for (const k of pick.covers) staffOn[k]!.add(pick.entry.staffId);
    }
  }
  return { creates, removes: [] };
}

/** Worked minutes of a person's shifts dated from..to in the team's zone (time off is no work for the rules). */
export function periodMinutes(
  entries: readonly StaffingEntry[],
  from: string,
  to: string,
  zone: string,
): number {
  return entries
    .filter((entry) => entry.shiftDate >= from && entry.shiftDate <= to)
    .reduce((sum, entry) => sum + entryMinutes(entry, zone), 0);
}

/** An entry's worked minutes as the weekly-hours rule counts them, real time in `zone` (0 for time off). */
export function entryMinutes(entry: StaffingEntry, zone: string): number {
  if (!isWorkShift(entry)) return 0;
  return workedMinutes({ ...entry, timeOffHours: null, timeOffDays: null }, zone);
}
