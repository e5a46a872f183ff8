/**
 * The model's failures, told apart (issue 45), and what each asker reads. Pure: the server's model
 * engine decides which failure it met; the words, the Retry-After reading and whether to wait are here.
 *
 * - busy: the model server answered 429; it is waited for (its Retry-After) while the message's time
 *   budget allows, and when still refused everyone reads "The assistant is busy. Try again in N s."
 * - key (401/403) and model (404, or the code model_not_found): only the team's owner can have it
 *   fixed, so the owner reads what to fix (which setting), everyone else that it is unavailable.
 * - unreachable (another error, no answer) and timeout: a sentence for everyone, as before.
 *
 * None of these uses the month's allowance (the message is not kept).
 */
export type ModelFailure =
  | { kind: 'busy'; retryAfterSeconds: number }
  | { kind: 'key' }
  | { kind: 'model'; model: string }
  | { kind: 'unreachable' }
  | { kind: 'timeout' };

const NOTHING = 'Nothing was proposed and nothing was changed.';
export const ASSISTANT_UNAVAILABLE = 'The assistant is unavailable right now.';

/** The sentence the asker reads; `isOwner` is whether they own the team (who can fix the server). */
export function modelFailureReply(failure: ModelFailure, isOwner: boolean): string {
  switch (failure.kind) {
    case 'busy':
      return `The assistant is busy. Try again in ${Math.max(1, Math.ceil(failure.retryAfterSeconds))} s.`;
    case 'key':
      return isOwner
        ? "The assistant's model refused the API key (OPENAI_API_KEY). Check the key in the server's configuration."
        : ASSISTANT_UNAVAILABLE;
    case 'model':
      return isOwner
        ? `The model "${failure.model}" does not exist on the model server (ASSISTANT_MODEL). Check ASSISTANT_MODEL in the server's configuration.`
        : ASSISTANT_UNAVAILABLE;
    case 'timeout':
      return `The assistant's model took too long to answer. ${NOTHING} Try again in a moment.`;
    case 'unreachable':
      return `The assistant's model could not be reached or gave an error. ${NOTHING} Try again in a moment.`;
  }
}

/** Which failure an HTTP error of the model server is (null: not one of the told-apart kinds). */
export function failureOfStatus(
  status: number | undefined,
  code: string | null | undefined,
  model: string,
  retryAfterSeconds: number | null,
): ModelFailure {
  if (status === 429) return { kind: 'busy', retryAfterSeconds: retryAfterSeconds ?? 1 };
  if (status === 401 || status === 403) return { kind: 'key' };
  if (status === 404 || code === 'model_not_found') return { kind: 'model', model };
  return { kind: 'unreachable' };
}

/**
 * Seconds a Retry-After (or retry-after-ms) header asks for: a number of seconds, or an HTTP date
 * (from `now`); null when absent or unreadable.
 */
export function retryAfterSeconds(
  header: string | null | undefined,
  msHeader: string | null | undefined,
  now: Date,
): number | null {
  const ms = msHeader != null && msHeader.trim() !== '' ? Number(msHeader) : Number.NaN;
  if (Number.isFinite(ms) && ms >= 0) return ms / 1000;
  if (header == null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds : null;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, (at - now.getTime()) / 1000);
}

/** Whether a 429's wait fits in what is left of the message's budget (with a second to ask again). */
export function waitFits(waitSeconds: number, remainingMs: number): boolean {
  return waitSeconds * 1000 + 250 < remainingMs;
}

/**
 * The reply when the model asked for changes and every one was refused (issue 45): what was refused
 * and why, never the model's own "Done.". A question the model asks after it is kept.
 */
export function allRefusedReply(reasons: readonly string[], modelText: string | null): string {
  const unique = [...new Set(reasons)];
  const said = `${NOTHING.slice(0, -1)}: the assistant asked for changes that were refused (${unique.join('; ')}).`;
  return modelText?.trim().endsWith('?') ? `${said} ${modelText.trim()}` : said;
}
