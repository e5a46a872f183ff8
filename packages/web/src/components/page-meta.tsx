import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

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
 * is this site's origin plus the path (no query).
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  useDocumentTitle(title);
  useLayoutEffect(() => {
    headElement('meta', 'description').content = description;
    headElement('link', 'canonical').href = `${window.location.origin}${pathname}`;
  }, [description, pathname]);
  return null;
}
