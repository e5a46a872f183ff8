import { useEffect } from 'react';
import { useAuth } from '../lib/auth-context';
import { prefetchMainPages } from './pages';

const PREFETCH_DELAY_MS = 1000;

/** Fetches the main pages' code a second after sign-in settles, so opening them is instant. */
export function PrefetchPages() {
  const { status } = useAuth();
  useEffect(() => {
    if (status !== 'loggedIn') return;
    const timer = setTimeout(prefetchMainPages, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return null;
}
