import { PUBLIC_PAGES, type PublicPath } from '@rotaboard/core/site/public-pages';
import { prerender } from 'react-dom/static';
import { PrerenderPathContext } from '../components/page-meta';
import { SitePage } from './site-app';
import { SITE_PAGES } from './site-pages';

/** Build time only (scripts/prerender.mjs): each public page's HTML, as a signed-out visitor sees it. */
export async function renderPage(path: PublicPath): Promise<string> {
  const { default: Page } = await SITE_PAGES[path]();
  // `prerender` (unlike renderToString) waits for everything that suspends, so the HTML is complete.
  const { prelude } = await prerender(
    <PrerenderPathContext.Provider value={path}>
      <SitePage path={path} Page={Page} />
    </PrerenderPathContext.Provider>,
  );
  return new Response(prelude).text();
}

export const pages = PUBLIC_PAGES;
