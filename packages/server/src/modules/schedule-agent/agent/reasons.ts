import type { AgentCost } from '@rotaboard/core/contracts/proposals';
import type { CoverageStatus } from '@rotaboard/core/contracts/schedule-agent';
import { formatMoney } from '@rotaboard/core/labour/money';
import { isDateLocked } from '@rotaboard/core/shifts/lock';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { roleFits } from '@rotaboard/core/staffing/coverage';
import { dayLabel, hoursLabel, hoursToMinutes, type StaffingEntry } from '@rotaboard/core/staffing/timeline';
import type { Selection } from './greedy-plan.ts';
import { hourlyRate } from './labour-plan.ts';
import {
  type Candidate,
  type Person,
  type Problem,
  proposedEntry,
  type Refusal,
  refusalFor,
} from './problem.ts';

/**
 * The sentences of a plan: why each change, and why each slot still short stayed short. They are
 * what an administrator reads before accepting one by one, so they name the person, the slot and
 * the hours, and an empty slot says what stopped each person who could have taken it.
 */

/** '16', '7.5', '16.3': hours without the unit, for "16 of 24 h". */
function hoursNumber(minutes: number): string {
  return String(Math.round((minutes / 60) * 10) / 10);
}

/** "Ana has 16 of 24 h" or, without contracted hours, "Ana has 16 h (no contracted hours)". */
export function hoursSentence(person: Person, minutes: number): string {
  const name = person.staff.name;
  if (person.contractedMinutes === null) return `${name} has ${hoursNumber(minutes)} h (no contracted hours)`;
  return `${name} has ${hoursNumber(minutes)} of ${hoursNumber(person.contractedMinutes)} h`;
}

const slotLabel = (date: string, startTime: string, endTime: string, role: string | null) =>
  `${dayLabel(date)} ${startTime}–${endTime}${role ? ` (${role})` : ''}`;

/** "covers Tue 07:00–15:00; Ana has 16 of 24 h" (and "; in Ana's preferred time" when at least half is). */
export function createReason(problem: Problem, candidate: Candidate, minutesAfter: number): string {
  const person = problem.people[candidate.person]!;
  const { entry } = candidate;
  const own =
    candidate.covers
      .map((j) => problem.slots[j]!)
      .find((s) => s.slot.startTime === entry.startTime && s.slot.endTime === entry.endTime) ??
    problem.slots[candidate.covers[0]!]!;
  const preferred =
    candidate.preferred * 2 >= candidate.end - candidate.start
      ? `; in ${person.staff.name}'s preferred time`
      : '';
  return `covers ${slotLabel(entry.shiftDate, entry.startTime, entry.endTime, own.slot.role)}; ${hoursSentence(person, minutesAfter)}${preferred}`;
}

const byDay = new WeakMap<Problem, Map<number, Candidate[]>>();
function candidatesOn(problem: Problem, day: number): Candidate[] {
  let days = byDay.get(problem);
  if (!days) {
    days = new Map();
    for (const c of problem.candidates) days.set(c.day, [...(days.get(c.day) ?? []), c]);
    byDay.set(problem, days);
  }
  return days.get(day) ?? [];
}

/**
 * Where cost decided (issue 43): someone free that day could have taken the same shift, for the same
 * slots, at a dearer rate, and would have been at least as fair a choice (no further along their
 * target hours with it than the person chosen is). "; Ana is cheaper and has hours left" (or
 * "; Ana is cheaper" once past her contract), and "; kept within the £700.00 budget" when the plan
 * fits the budget. Empty otherwise. `minutesAfter` is everyone's minutes in the period with the plan.
 */
export function costReason(
  problem: Problem,
  candidate: Candidate,
  selection: Selection,
  minutesAfter: readonly number[],
  cost: AgentCost,
): string {
  const { labour } = problem.input;
  if (!labour) return '';
  const date = candidate.entry.shiftDate;
  const rate = hourlyRate(problem, candidate.person, date);
  const share = (person: number, minutes: number) =>
    minutes / Math.max(60, problem.people[person]!.targetMinutes);
  const chosenShare = share(candidate.person, minutesAfter[candidate.person]!);
  const busy = new Set(selection.creates.filter((c) => c.day === candidate.day).map((c) => c.person));
  const dearer = candidatesOn(problem, candidate.day).some(
    (c) =>
      c.person !== candidate.person &&
      !busy.has(c.person) &&
      c.entry.startTime === candidate.entry.startTime &&
      c.entry.endTime === candidate.entry.endTime &&
      candidate.covers.every((j) => c.covers.includes(j)) &&
      share(c.person, minutesAfter[c.person]! + c.worked) <= chosenShare &&
      hourlyRate(problem, c.person, date) > rate,
  );
  if (!dearer) return '';
  const person = problem.people[candidate.person]!;
  const minutes = minutesAfter[candidate.person]!;
  const hoursLeft = person.contractedMinutes === null || minutes <= person.contractedMinutes;
  const budget =
    cost.budgetMinor !== null && cost.afterMinor <= cost.budgetMinor
      ? `; kept within the ${formatMoney(cost.budgetMinor, labour.currency, 'en')} budget`
      : '';
  return `; ${person.staff.name} is cheaper${hoursLeft ? ' and has hours left' : ''}${budget}`;
}

/** Why rebuild removes a shift: the person's other shift that day, or a better spread of hours. */
export function removeReason(
  person: Person,
  entry: StaffingEntry,
  minutesAfter: number,
  insteadThatDay: Candidate | undefined,
  coversNeed: boolean,
): string {
  const when = slotLabel(entry.shiftDate, entry.startTime ?? '', entry.endTime ?? '', null);
  const why = insteadThatDay
    ? `${person.staff.name} works ${insteadThatDay.entry.startTime}–${insteadThatDay.entry.endTime} that day instead`
    : coversNeed
      ? 'the rebuilt roster covers as much without it'
      : 'it covers no slot that needs it';
  return `removes ${when}: ${why}; ${hoursSentence(person, minutesAfter)}`;
}

const PHRASES: Record<Refusal | 'free', (n: number, problem: Problem) => string> = {
  role: (n) => `${n} without the role`,
  leaving: (n) => `${n} left the team`,
  locked: () => 'the day is locked',
  'time-off': (n) => `${n} on time off`,
  working: (n) => `${n} already working then`,
  unavailable: (n) => `${n} unavailable`,
  'shift-length': () => 'the slot is longer or shorter than the shift-length rule allows',
  rest: (n, p) => `${n} would get less than ${hoursRule(p, 'rest')} rest`,
  'weekly-hours': (n, p) => `${n} would pass the ${hoursRule(p, 'weekly')} weekly cap`,
  'consecutive-days': (n, p) =>
    `${n} would work more than ${p.input.context.settings.rules.maxConsecutiveDays.value} days in a row`,
  free: (n) => `${n} could still take it`,
};

function hoursRule(problem: Problem, which: 'rest' | 'weekly'): string {
  const { rules } = problem.input.context.settings;
  const value = which === 'rest' ? rules.minRestHours.value : rules.maxWeeklyHours.value;
  return hoursLabel(hoursToMinutes(value ?? 0));
}

/**
 * Why nobody (more) could take a slot still short after the plan: each person with the role who was
 * on the team in the period is asked what stops them now, and the commonest answers (at most three)
 * make the sentence.
 */
export function uncoveredReason(
  problem: Problem,
  row: CoverageStatus,
  breakMinutes: number,
  entriesAfter: readonly StaffingEntry[][],
): string {
  const { input } = problem;
  if (isDateLocked(row.date, input.context.lockedUntil)) return 'The day is locked';
  const onTeam = problem.people.filter((person) => isActiveOn(person.staff.leavingDate, input.startDate));
  const fitting = onTeam.filter((person) => roleFits(row.role, person.staff.role));
  if (fitting.length === 0)
    return row.role ? `Nobody on the team has the role ${row.role}` : 'Nobody is on the team';
  const entry = (person: Person) => proposedEntry(person.staff.staffId, row.date, { ...row, breakMinutes });
  const counts = new Map<Refusal | 'free', number>();
  for (const person of fitting) {
    const why = row.staffIds.includes(person.staff.staffId)
      ? 'working'
      : (refusalFor(input, person, entriesAfter[person.index]!, entry(person)) ?? 'free');
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  if (counts.has('shift-length') && counts.get('shift-length') === fitting.length)
    return `Nobody can take it: ${PHRASES['shift-length'](0, problem)}`;
  const parts = [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([why, n]) => PHRASES[why](n, problem));
  const who = row.role ? `with the role ${row.role} ` : '';
  return `Nobody else ${who}can take it: ${parts.join(', ')}`;
}
