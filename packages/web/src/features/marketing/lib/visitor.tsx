import { useEffect, useState, useSyncExternalStore } from 'react';
import { currentVisitor, subscribeToVisitor, UNKNOWN_VISITOR, type Visitor } from './visitor-session';

export type { Visitor } from './visitor-session';

/**
 * The visitor as the public pages' script found them (lib/visitor-session.ts); unknown in the prerender
 * and while an island hydrates, so the first render matches the HTML.
 */
export function useVisitor(): Visitor {
  return useSyncExternalStore(subscribeToVisitor, currentVisitor, () => UNKNOWN_VISITOR);
}

/** false for the first render (which must match the prerendered HTML), true once mounted. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
