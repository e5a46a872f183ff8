import { isPublicPath } from '@rotaboard/core/site/public-pages';
import { hydrateRoot } from 'react-dom/client';
import { SiteApp } from './site-app';
import { SITE_PAGES } from './site-pages';
import '../index.css';

// A prerendered public page (site.html, written by scripts/prerender.mjs): bring its own page to life.
const root = document.getElementById('root');
const path = root?.dataset.page ?? '';
if (root && isPublicPath(path)) {
  const { default: Page } = await SITE_PAGES[path]();
  // The server marks the page when a session cookie came with it (plugins/public-site.ts).
  hydrateRoot(root, <SiteApp path={path} Page={Page} mayBeSignedIn={root.dataset.session !== undefined} />);
}
