import type { UserResponse } from '@rotaboard/core/contracts/users';
import type { SubscriptionTier } from '@rotaboard/core/plans/plan-limits';
import { createContext, useContext, useEffect, useState } from 'react';

/**
 * Who is looking at a public page, as far as its buttons care (spec 2 §2): unknown until the session
 * has been asked for (the prerendered HTML and the first paint are the signed-out page), then signed
 * out or signed in on a plan.
 */
export type Visitor = { status: 'unknown' | 'signedOut' } | { status: 'signedIn'; tier: SubscriptionTier };

export const VisitorContext = createContext<Visitor>({ status: 'unknown' });

export function useVisitor(): Visitor {
  return useContext(VisitorContext);
}

/**
 * Asks the server who is signed in, once, after the page is on screen — only when the server said a
 * session cookie came with the page (`mayBeSignedIn`); otherwise nobody is. A plain fetch: the public
 * pages do not load the app's API client and its query cache. Any failure reads as signed out.
 */
export function useSessionVisitor(mayBeSignedIn: boolean): Visitor {
  const [visitor, setVisitor] = useState<Visitor>({ status: mayBeSignedIn ? 'unknown' : 'signedOut' });
  useEffect(() => {
    if (!mayBeSignedIn) return;
    let live = true;
    fetch('/api/auth/me', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) return { status: 'signedOut' } as const;
        // Our own server's answer, held to UserResponse by its response schema (the public pages do
        // not carry zod to check it again).
        const body = (await response.json()) as Partial<UserResponse>;
        const tier: SubscriptionTier = body.user?.subscriptionTier ?? 'free';
        return { status: 'signedIn', tier } as const;
      })
      .catch(() => ({ status: 'signedOut' }) as const)
      .then((next) => {
        if (live) setVisitor(next);
      });
    return () => {
      live = false;
    };
  }, [mayBeSignedIn]);
  return visitor;
}

/** false for the first render (which must match the prerendered HTML), true once mounted. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
