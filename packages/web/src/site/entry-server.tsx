import { PUBLIC_PAGES, type PublicPath } from '@rotaboard/core/site/public-pages';
import { renderToString } from 'preact-render-to-string';
import { SitePage } from './site-app';
import { SITE_PAGES } from './site-pages';

/** Build time only (scripts/prerender.mjs): each public page's HTML, as a signed-out visitor sees it. */
export async function renderPage(path: PublicPath): Promise<string> {
  const { default: Page } = await SITE_PAGES[path]();
  // preact-render-to-string takes Preact's VNodes; the compat aliases make JSX produce exactly those.
  return renderToString((<SitePage path={path} Page={Page} visitor={{ status: 'unknown' }} />) as never);
}

export const pages = PUBLIC_PAGES;
