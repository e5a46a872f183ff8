import type { AcceptInviteResponse } from '@rotaboard/core/contracts/staff';
import { ApiError, api, unwrap } from '../../../lib/api-client';
import { readSessionStorage, writeSessionStorage } from '../../../lib/storage';

export type InvitedStaff = AcceptInviteResponse['staff'];

export type AcceptOutcome =
  | { status: 'accepted'; staff: InvitedStaff; message: string }
  | { status: 'error'; message: string | null; code?: string };

export const ACCEPT_FAILED_MESSAGE = 'Failed to accept invitation. The link may be invalid or expired.';
const STORAGE_PREFIX = 'rotaboard.inviteAccept.';

// An invitation token is single use. Each is sent once per page session, however often the page's
// effect runs (StrictMode runs it twice) or the page is reloaded: the outcome is kept in
// sessionStorage and shown again instead of asking the server a second time.
const pending = new Map<string, Promise<AcceptOutcome & { fresh: boolean }>>();

function storedOutcome(token: string): AcceptOutcome | null {
  const raw = readSessionStorage(`${STORAGE_PREFIX}${token}`);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as AcceptOutcome;
    return parsed.status === 'accepted' || parsed.status === 'error' ? parsed : null;
  } catch {
    return null;
  }
}

async function accept(token: string): Promise<AcceptOutcome> {
  try {
    const response: AcceptInviteResponse = await unwrap(api.POST('/api/invites/accept', { body: { token } }));
    return { status: 'accepted', staff: response.staff, message: response.message };
  } catch (error) {
    // The server's reason (invalid, expired, already used) when it gave one.
    const answered = error instanceof ApiError && error.status >= 400 && error.status < 500;
    return {
      status: 'error',
      message: answered ? error.message : null,
      ...(answered && error.code ? { code: error.code } : {}),
    };
  }
}

/** Forgets a token's answer, to ask again (after logging out the account that was in the way). */
export function forgetInviteOutcome(token: string): void {
  pending.delete(token);
  writeSessionStorage(`${STORAGE_PREFIX}${token}`, '');
}

/**
 * POST /api/invites/accept, once per token per tab. `fresh` is true only for the call that actually
 * reached the server (so the success toast shows once).
 */
export function acceptInviteOnce(token: string): Promise<AcceptOutcome & { fresh: boolean }> {
  const stored = storedOutcome(token);
  if (stored) return Promise.resolve({ ...stored, fresh: false });
  let promise = pending.get(token);
  if (!promise) {
    promise = accept(token).then((outcome) => {
      // A definite answer is kept; a failure to reach the server may be retried by reloading.
      if (outcome.status === 'accepted' || outcome.message !== null) {
        writeSessionStorage(`${STORAGE_PREFIX}${token}`, JSON.stringify(outcome));
      } else {
        pending.delete(token);
      }
      return { ...outcome, fresh: true };
    });
    pending.set(token, promise);
  }
  return promise;
}
