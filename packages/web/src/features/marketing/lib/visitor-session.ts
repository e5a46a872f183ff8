import type { UserResponse } from '@rotaboard/core/contracts/users';
import type { SubscriptionTier } from '@rotaboard/core/plans/plan-limits';

/**
 * Who is looking at a public page, as far as its buttons care (spec 2 §2): unknown until the session
 * has been asked for (the prerendered HTML and the first paint are the signed-out page), then signed
 * out or signed in on a plan. A store without React: the public pages' script asks, and the islands
 * that depend on the answer (the Get Started buttons) read it with `useVisitor` (lib/visitor.tsx).
 */
export type Visitor = { status: 'unknown' | 'signedOut' } | { status: 'signedIn'; tier: SubscriptionTier };

export const UNKNOWN_VISITOR: Visitor = { status: 'unknown' };

let current: Visitor = UNKNOWN_VISITOR;
const listeners = new Set<() => void>();

export function currentVisitor(): Visitor {
  return current;
}

export function subscribeToVisitor(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function setVisitor(visitor: Visitor): Visitor {
  current = visitor;
  for (const listener of listeners) listener();
  return visitor;
}

/**
 * Asks the server who is signed in, once — only when the server said a session cookie came with the
 * page (`mayBeSignedIn`); otherwise nobody is, and nothing is asked (no 401 in the console). A plain
 * fetch: the public pages do not load the app's API client and its query cache. Any failure reads as
 * signed out.
 */
export async function askWhoIsVisiting(mayBeSignedIn: boolean): Promise<Visitor> {
  if (!mayBeSignedIn) return setVisitor({ status: 'signedOut' });
  try {
    const response = await fetch('/api/auth/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return setVisitor({ status: 'signedOut' });
    // Our own server's answer, held to UserResponse by its response schema (the public pages do not
    // carry zod to check it again).
    const body = (await response.json()) as Partial<UserResponse>;
    return setVisitor({ status: 'signedIn', tier: body.user?.subscriptionTier ?? 'free' });
  } catch {
    return setVisitor({ status: 'signedOut' });
  }
}
