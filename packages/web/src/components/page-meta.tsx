import { useLayoutEffect } from 'react';

const SITE_NAME = 'Rotaboard';

/** The one element of each kind in <head>, created on first use and then updated in place. */
function headElement<K extends 'meta' | 'link'>(tag: K, key: string): HTMLElementTagNameMap[K] {
  const selector = tag === 'meta' ? `meta[name="${key}"]` : `link[rel="${key}"]`;
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(selector);
  if (!element) {
    element = document.createElement(tag);
    element.setAttribute(tag === 'meta' ? 'name' : 'rel', key);
    document.head.append(element);
  }
  return element;
}

/** Sets the document's title (the tab's text and what a screen reader announces on navigation). */
export function useDocumentTitle(title: string) {
  useLayoutEffect(() => {
    document.title = `${title} · ${SITE_NAME}`;
  }, [title]);
}

/**
 * The page's title, description and canonical link, written into <head> (the app runs on Preact,
 * which, unlike React 19, does not hoist <title> and <meta> out of the page). The canonical address
 * is the site's address plus the path (no query): the public pages arrive with one made from
 * PUBLIC_URL by the server, whose origin is kept; elsewhere it is this page's origin. Reads the path
 * from `location`, not the router, so the public pages (which have no router) use it too.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  // The router has moved `location` before it renders the page.
  const pathname = typeof window === 'undefined' ? '/' : window.location.pathname;
  useLayoutEffect(() => {
    headElement('meta', 'description').content = description;
    const canonical = headElement('link', 'canonical');
    const origin = canonical.href ? new URL(canonical.href).origin : window.location.origin;
    canonical.href = `${origin}${pathname}`;
  }, [description, pathname]);
  return null;
}
