import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { askWhoIsVisiting } from '../features/marketing/lib/visitor-session';
import { removeStorage, writeStorage } from '../lib/storage';
import { currentTheme, setTheme, subscribeToTheme } from '../lib/theme-store';
import '../index.css';

// A prerendered public page (site.html, written by scripts/prerender.mjs) is final HTML: this script
// does what plain DOM can (the theme switch, the sign-up links), and hydrates with React only the
// page's islands (features/marketing/islands.ts), loading React only when there is one to hydrate.
// The phone menu is a <details> and needs no script; every other link is a plain anchor.
const root = document.getElementById('root');

/** The theme switch in the header: switches, and says what it switches to. */
function wireThemeSwitch(): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button[data-theme-toggle]')];
  const label = () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    for (const button of buttons) {
      button.setAttribute('aria-label', `Switch to ${next} theme`);
      button.title = `Switch to ${next} theme`;
    }
  };
  for (const button of buttons) {
    button.addEventListener('click', () => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
  }
  // Also when another tab changes the theme (subscribeToTheme applies it here).
  subscribeToTheme(label);
  label();
}

/** The sign-up links set the flag the login page opens in sign-up mode by; Log in clears it. */
function wireSignUpLinks(): void {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    if (link.dataset.signUp !== undefined) writeStorage(STORAGE_KEYS.isSigningUp, 'true');
    else if (link.getAttribute('href') === '/login') removeStorage(STORAGE_KEYS.isSigningUp);
  });
}

wireThemeSwitch();
wireSignUpLinks();

if (root?.dataset.page !== undefined) {
  // The server marks the page when a session cookie came with it (plugins/public-site.ts); only then
  // is the session asked for.
  const visitor = await askWhoIsVisiting(root.dataset.session !== undefined);
  // `/` is the schedule for a signed-in user (spec 2 §2). The server already sends the app instead of
  // this page when a session cookie comes with the request; this covers a session it could not see.
  if (root.dataset.page === '/' && visitor.status === 'signedIn') window.location.replace('/schedule');
  else {
    const islands = [...root.querySelectorAll<HTMLElement>('[data-island]')].filter(
      (element) => element.dataset.islandWhen !== 'signed-in' || visitor.status === 'signedIn',
    );
    if (islands.length > 0) {
      const { hydrateIslands } = await import('./hydrate-islands');
      await hydrateIslands(islands);
    }
  }
}
