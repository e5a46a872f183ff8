import { ASSISTANT_MONTHLY_MESSAGES } from '../contracts/assistant.ts';

/**
 * The assistant's monthly allowance (issue 26): each team may send ASSISTANT_MONTHLY_MESSAGES messages
 * in a calendar month (UTC); the count starts again on the first of the next month.
 */

/** The first moment of the calendar month (UTC) holding `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The first moment of the next calendar month (UTC): when the allowance starts again. */
export function nextMonthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** The 429 sentence once a team has used its allowance. */
export function allowanceUsedMessage(now: Date, limit = ASSISTANT_MONTHLY_MESSAGES): string {
  const resets = nextMonthStart(now).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Your team has used all ${limit} assistant messages for this month. The allowance starts again on ${resets}.`;
}
