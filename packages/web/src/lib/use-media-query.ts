import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following changes (a phone turned sideways). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
export const PHONE_QUERY = '(max-width: 639px)';
