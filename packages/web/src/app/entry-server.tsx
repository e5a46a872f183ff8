import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PrerenderPathContext } from '../components/page-meta';
import { Providers } from './providers';
import { routes } from './router';

/**
 * Build time only (scripts/prerender.mjs): the app's signed-out pages as a visitor without a session
 * sees them on arrival, in the app's own frame, so their HTML shows the form before any script runs.
 * main.tsx hydrates them with the same tree (the browser router in place of this memory one). `page`
 * is the route's own module (lazy in the app): the prerender preloads its chunks with the entry, so the
 * form comes to life without waiting for the entry to ask for them.
 */
export const APP_PAGES = [
  { file: 'login', url: '/login', canonical: true, page: 'src/features/auth/routes/login-page.tsx' },
  // A sign-in link and an invitation: the token is not in the HTML (the page shows a spinner while it
  // is checked), and the address is the visitor's own, so the canonical link is drawn in the browser.
  {
    file: 'login-verify',
    url: '/login/verify/prerendered',
    canonical: false,
    page: 'src/features/auth/routes/verify-page.tsx',
  },
  {
    file: 'invite-accept',
    url: '/invite/accept?token=prerendered',
    canonical: false,
    page: 'src/features/invites/routes/invite-accept-page.tsx',
  },
] as const;

export async function renderAppPage(url: string): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const { prelude } = await prerender(
    <StrictMode>
      <PrerenderPathContext.Provider value={new URL(url, 'http://prerender').pathname}>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </PrerenderPathContext.Provider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
