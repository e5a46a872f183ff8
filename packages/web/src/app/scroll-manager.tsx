import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const SCROLL_DELAY_MS = 50;

/**
 * After a navigation the page scrolls smoothly to the top (50 ms later, once the new page has
 * rendered), unless we saved a position for that path and the user came back to it (back/forward).
 */
export function ScrollManager() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const saved = navigationType === 'POP' ? positions.current.get(pathname) : undefined;
    const timer = setTimeout(() => {
      if (saved !== undefined) window.scrollTo({ top: saved });
      else window.scrollTo({ top: 0, behavior: 'smooth' });
    }, SCROLL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      positions.current.set(pathname, window.scrollY);
    };
  }, [pathname, navigationType]);

  return null;
}
