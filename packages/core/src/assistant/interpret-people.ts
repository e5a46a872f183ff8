import { type AssistantStaff, type AssistantWeek, dayName, entriesOn, fullName } from './assistant-week.ts';
import { Stop } from './interpret-outcome.ts';
import { listed } from './interpret-words.ts';

/**
 * Who a name in a message means. findStaff is also the model's find_staff tool (the server's
 * assistant.model.ts), so both engines find people the same way; person() is the interpreter's use of
 * it, which never guesses: a name two people share gets a question back.
 */

/** The people a name means: a first name (else last), or a full name (case and 's ignored). */
export function findStaff(name: string, staff: readonly AssistantStaff[]): AssistantStaff[] {
  const wanted = name
    .toLowerCase()
    .replace(/(?:'s|’s|s'|’)$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!wanted) return [];
  const by = (key: (p: AssistantStaff) => string) => staff.filter((p) => key(p).toLowerCase() === wanted);
  // One word is a first (else last) name, so "Pat" finds "Pat" and "Pat Second" alike; more is a full name.
  const keys = wanted.includes(' ')
    ? [fullName, (p: AssistantStaff) => p.firstName]
    : [(p: AssistantStaff) => p.firstName, (p: AssistantStaff) => p.lastName];
  for (const key of keys) {
    const found = by(key);
    if (found.length) return found;
  }
  return [];
}

/** The one person a name means, or a Stop: nobody by that name, or a question naming each candidate. */
export function person(name: string, week: AssistantWeek): AssistantStaff {
  const cleaned = name
    .replace(/^(?:a\s+)?(?:shifts?|time\s+off)\s+(?:for|to)\s+/i, '')
    .replace(/^(?:for|to)\s+/i, '')
    .trim();
  const found = findStaff(cleaned, week.staff);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) {
    throw new Stop('answer', `I can't find anyone called "${cleaned}" on this team.`);
  }
  const names = found.map(fullName);
  throw new Stop(
    'clarify',
    `There are ${found.length} people called ${cleaned.replace(/(?:'s|’s)$/, '')}: ${listed(names, 'or')}. Which one do you mean?`,
  );
}

/**
 * "a barista", "one chef" (issue 45): the first person (in the staff list's order) whose role that is
 * and who has nothing on any of `dates`; null when the name is not a role's. A role nobody has, or
 * nobody free, is said so.
 */
export function someoneFree(
  name: string,
  week: AssistantWeek,
  dates: readonly string[],
): AssistantStaff | null {
  const asked = /^(?:a|an|one|any|another)\s+(.+)$/i.exec(name.trim());
  if (!asked) return null;
  const role = asked[1]!.trim();
  const key = (r: string) => r.toLowerCase().replace(/s$/, '');
  const holders = week.staff.filter((p) => key(p.role) === key(role));
  if (holders.length === 0) {
    if (findStaff(name, week.staff).length) return null;
    throw new Stop('answer', `Nobody on this team is a ${role}.`);
  }
  const free = holders.find((p) => dates.every((d) => entriesOn(week, d, p.staffId).length === 0));
  if (!free) throw new Stop('answer', `No ${role} is free on ${listed(dates.map(dayName))}.`);
  return free;
}
