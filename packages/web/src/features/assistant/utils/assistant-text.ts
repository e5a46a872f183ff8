import {
  type AssistantReply,
  type AssistantUsage,
  MAX_ASSISTANT_MESSAGE_LENGTH,
} from '@rotaboard/core/contracts/assistant';
import { textProblem } from '@rotaboard/core/input/bounds';

/** What the assistant does, in a sentence: under its panel's title, and before the first message. */
export const ASSISTANT_DESCRIPTION =
  'Ask in plain English; the assistant proposes changes for you to accept or reject.';

const monthDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "12 of 300 messages this month, resets 1 Dec". */
export function usageText(usage: AssistantUsage): string {
  const resets = Number.isNaN(Date.parse(usage.resetsAt))
    ? ''
    : `, resets ${monthDay.format(new Date(usage.resetsAt))}`;
  return `${usage.used} of ${usage.limit} ${usage.limit === 1 ? 'message' : 'messages'} this month${resets}`;
}

/** True once the month's allowance is spent: the box is closed until it resets. */
export function usageSpent(usage: AssistantUsage | undefined): boolean {
  return usage !== undefined && usage.used >= usage.limit;
}

/** Who answered, as the conversation labels each reply. */
export function engineLabel(engine: AssistantReply['engine']): string {
  return engine === 'model' ? 'AI model' : 'Built-in assistant';
}

/** Why a message cannot be sent as typed, or null: the bounds the server holds it to, said first here. */
export function messageProblem(message: string): string | null {
  const trimmed = message.trim();
  if (trimmed === '') return 'Type what you would like changed, or pick an example.';
  if (trimmed.length > MAX_ASSISTANT_MESSAGE_LENGTH)
    return `A message can be at most ${MAX_ASSISTANT_MESSAGE_LENGTH} characters.`;
  const problem = textProblem(message, { multiline: true });
  return problem ? `The message ${problem}.` : null;
}
