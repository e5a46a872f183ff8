import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * false while React hydrates prerendered HTML (and in the prerender itself), true in every render
 * after: what depends on the browser (storage, the query string) waits for it, so the first render
 * matches the HTML. A page rendered from scratch gets true at once. React re-renders by itself when
 * hydration is over (useSyncExternalStore's server snapshot differs from the client's).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
