import { useEffect } from 'react';
import { useAuth } from '../lib/auth-context';
import { prefetchMainPages } from './pages';

const PREFETCH_DELAY_MS = 1000;

/** Whether the browser says its user wants to save data (Chromium's Save-Data setting). */
function savingData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Fetches the main pages' code a second after sign-in settles, so opening them is instant; not for
 * someone who has asked their browser to save data (they download a page's code when they open it).
 */
export function PrefetchPages() {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'loggedIn' || savingData()) return;
    const timer = setTimeout(prefetchMainPages, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return null;
}
