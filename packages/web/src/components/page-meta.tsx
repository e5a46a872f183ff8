import { createContext, useContext } from 'react';

const SITE_NAME = 'Rotaboard';

/**
 * The site's address for canonical links. A page the server sent prerendered carries a canonical link
 * made from PUBLIC_URL (plugins/public-site.ts), read here once, before React adopts the element;
 * elsewhere it is this page's origin. Prerendering in Node writes `%PUBLIC_URL%`, which the server
 * fills in at start-up.
 */
const siteOrigin = (() => {
  if (typeof document === 'undefined') return '%PUBLIC_URL%';
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  return canonical ? new URL(canonical).origin : window.location.origin;
})();

/** The path being prerendered (in Node there is no `location`); null in the browser. */
export const PrerenderPathContext = createContext<string | null>(null);

/** The tab's text (and what a screen reader announces on navigation), e.g. "Log in · Rotaboard". */
export function documentTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}

/** Sets the document's title: React 19 puts a `<title>` rendered anywhere into `<head>`. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{documentTitle(title)}</title>;
}

/**
 * The page's title, description and canonical link. React 19 hoists them into `<head>` (on the
 * server too: scripts/prerender.mjs moves what React writes first into the template's head), and on
 * hydration it adopts the prerendered elements that match. The canonical address is the site's address
 * plus the path, without the query. Reads the path from `location`, not the router, so the public
 * pages (which have no router) use it too; the prerender says which page it is drawing.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const prerendering = useContext(PrerenderPathContext);
  const pathname = prerendering ?? window.location.pathname;
  return (
    <>
      <DocumentTitle title={title} />
      <meta name="description" content={description} />
      <link rel="canonical" href={`${siteOrigin}${pathname}`} />
    </>
  );
}
