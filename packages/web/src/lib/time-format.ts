import { formatClock, formatClockRange, usesHour12 } from '@rotaboard/core/time/format';
import { useAuth } from './auth-context';

export { formatClock, formatClockRange };

/** The browser's languages, most preferred first (undefined outside a browser). */
export function browserLocales(): readonly string[] | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.length
    ? navigator.languages
    : navigator.language
      ? [navigator.language]
      : undefined;
}

/**
 * Whether this person reads shift times on a 12-hour clock: their choice in Settings, else their
 * browser's language's way (en-US 12-hour, en-GB 24-hour). Every shift time the app shows goes through
 * formatClock / formatClockRange with this, so the whole app agrees.
 */
export function useHour12(): boolean {
  const { user } = useAuth();
  return usesHour12(user?.timeFormat ?? 'auto', browserLocales());
}
