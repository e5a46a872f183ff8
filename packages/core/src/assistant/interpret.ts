import { type AssistantChangeItem, MAX_ASSISTANT_CHANGES } from '../contracts/assistant.ts';
import { addDays } from '../dates/week.ts';
import { costQuestion } from './assistant-cost.ts';
import type { AssistantWeek } from './assistant-week.ts';
import { FORMS } from './interpret-forms.ts';
import { Stop } from './interpret-outcome.ts';
import { takeBreak } from './interpret-words.ts';

/**
 * The assistant's built-in interpreter (issue 26): the everyday instructions in plain English, read with
 * patterns, no model. Pure: the server gives it the week (staff, entries, day notes) and it answers a
 * question, asks which person was meant, says what it did not understand, or lists changes in the shape
 * of the model's propose_changes items, which the server then checks against the rules like the model's.
 * It never guesses: a name two people share gets a question back.
 *
 * This file cuts a message into instructions and reads each; the parts are beside it: the week's shape
 * (assistant-week.ts), the words for days and times (interpret-words.ts), people (interpret-people.ts),
 * the phrasings (interpret-forms.ts) and what they do (interpret-changes.ts, interpret-questions.ts).
 */

export type Interpretation =
  | { kind: 'answer'; reply: string }
  | { kind: 'clarify'; reply: string }
  | { kind: 'not-understood'; reply: string }
  | { kind: 'changes'; reply: string; changes: AssistantChangeItem[] };

/** What to try, shown when a message is not understood (and by the panel as example prompts). */
export const ASSISTANT_EXAMPLES = [
  'Give Ava Monday and Tuesday 9 to 5',
  "Move Ben's Friday shift to Saturday",
  "Remove Ben's Friday shift",
  'Swap Ava and Ben on Wednesday',
  'Ava is off on Thursday',
  'Copy Monday to Tuesday',
  'Clear Friday',
  'Note on Friday: stocktake',
  'Who works Saturday evening?',
  'How many hours has Ben this week?',
  'What does this week cost?',
] as const;

/** A fragment after "and" that starts a new instruction rather than continuing a list of days or names. */
const STARTS =
  /^(?:please\s+)?(?:give|add|put|schedule|book|assign|rota|move|shift|change|make|set|remove|delete|cancel|drop|scrap|take|swap|switch|exchange|copy|duplicate|repeat|clear|empty|wipe|note|write|who|how|what|are|time\s+off|day\s+off)\b|^\S+(?:\s+\S+)?\s+(?:is|will\s+be|has|needs|wants|takes)\s+(?:off|on\s+leave|on\s+holiday|away|a\s+day\s+off|the\s+day\s+off|time\s+off|leave)\b/i;

/** The message cut into instructions: sentences, then "and" where a new instruction begins. */
export function splitInstructions(message: string): string[] {
  const sentences = message
    .split(/[.;!?](?:\s+|$)|\n+|,?\s+then\s+/i)
    .map((s) => s.trim())
    .filter(Boolean);
  const clauses: string[] = [];
  for (const sentence of sentences) {
    const fragments = sentence.split(/\s*,?\s+and\s+/i);
    let current = fragments[0]!;
    for (const fragment of fragments.slice(1)) {
      if (STARTS.test(fragment)) {
        clauses.push(current);
        current = fragment;
      } else current = `${current} and ${fragment}`;
    }
    clauses.push(current);
  }
  return clauses;
}

const POLITE =
  /^(?:please\s+|can\s+you\s+|could\s+you\s+|would\s+you\s+|i\s+want\s+to\s+|i'd\s+like\s+to\s+|let's\s+)+/i;

function notUnderstood(part: string): Stop {
  return new Stop(
    'not-understood',
    `I didn't understand "${part}". I can add, move, change, remove and swap shifts, give time off, copy or clear a day, write a day note, and say who works when, how many hours someone has, or what a week costs against the budget. For example: ${ASSISTANT_EXAMPLES.map((e) => `"${e}"`).join(', ')}.`,
  );
}

const WEEK_SAID = /(?:^|\s*,?\s+)(?:(?:for|in|during|of)\s+)?(this|next|last)\s+week(?:\s*,\s*|\s+|$)/i;

/**
 * A clause's "this week", "next week" or "last week" taken out, and the week it means: the days of the
 * clause ("Wednesday") fall in that week. The server gives the interpreter the entries of a week it
 * names besides the one on screen.
 */
export function weekSaid(clause: string, week: AssistantWeek) {
  const said = WEEK_SAID.exec(clause);
  if (!said) return { clause, week, label: undefined };
  const which = said[1]!.toLowerCase();
  const offset = which === 'next' ? 7 : which === 'last' ? -7 : 0;
  const rest = `${clause.slice(0, said.index)} ${clause.slice(said.index + said[0].length)}`
    .replace(/\s+/g, ' ')
    .trim();
  return {
    clause: rest,
    week: offset ? { ...week, weekStartDate: addDays(week.weekStartDate, offset) } : week,
    label: `${which} week`,
  };
}

/** Reads one message against the week: an answer, a question back, a refusal with examples, or changes. */
export function interpret(message: string, week: AssistantWeek): Interpretation {
  try {
    const changes: AssistantChangeItem[] = [];
    const answers: string[] = [];
    const clauses = splitInstructions(message);
    if (clauses.length === 0) throw notUnderstood(message.trim());
    for (const raw of clauses) {
      const { clause, breakMinutes } = takeBreak(
        raw
          .replace(POLITE, '')
          .replace(/\s+please$/i, '')
          .replace(/\s+/g, ' ')
          .trim(),
      );
      let found = FORMS.find(([pattern]) => pattern.test(clause));
      let read = { clause, week, label: undefined as string | undefined };
      // "this/next/last week" (issue 45) moves the week the days mean; cost questions read it themselves.
      if (found?.[1] !== costQuestion) {
        read = weekSaid(clause, week);
        found = FORMS.find(([pattern]) => pattern.test(read.clause));
      }
      if (!found) throw notUnderstood(raw);
      const groups: Record<string, string> = { ...(found[0].exec(read.clause)!.groups ?? {}) };
      if (read.label) groups.weekLabel = read.label;
      const outcome = found[1](groups, read.week, breakMinutes);
      if ('answer' in outcome) answers.push(outcome.answer);
      else changes.push(...outcome.changes);
    }
    if (changes.length === 0) return { kind: 'answer', reply: answers.join(' ') };
    if (changes.length > MAX_ASSISTANT_CHANGES) {
      return {
        kind: 'answer',
        reply: `That would be ${changes.length} changes; the assistant proposes at most ${MAX_ASSISTANT_CHANGES} at a time. Ask for fewer days or people at once.`,
      };
    }
    const count = `${changes.length} ${changes.length === 1 ? 'change' : 'changes'}`;
    return {
      kind: 'changes',
      reply: [...answers, `I've proposed ${count}: accept or reject each below.`].join(' '),
      changes,
    };
  } catch (error) {
    if (error instanceof Stop) return { kind: error.kind, reply: error.reply };
    throw error;
  }
}
