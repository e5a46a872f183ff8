import type { AssistantChangeItem } from '../contracts/assistant.ts';
import type { AssistantWeek } from './assistant-week.ts';

/**
 * How the reading of one instruction ends, shared by the interpreter's parts (words, people, changes,
 * questions) so each can stop the whole message from wherever it finds a problem: a form's handler
 * returns changes or an answer, and anything that cannot go on throws a Stop, which interpret() turns
 * into the reply.
 */

/** Ends the reading of a message with a reply and no changes (a question, a clarification, a refusal). */
export class Stop {
  constructor(
    readonly kind: 'answer' | 'clarify' | 'not-understood',
    readonly reply: string,
  ) {}
}

/** Reads one matched form (its named groups) against the week, with the break the clause named. */
export type Handler = (match: Record<string, string>, week: AssistantWeek, breakMinutes: number) => Outcome;
export type Outcome = { changes: AssistantChangeItem[] } | { answer: string };
