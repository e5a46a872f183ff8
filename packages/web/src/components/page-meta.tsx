import { useLocation } from 'react-router';

const SITE_NAME = 'Rotaboard';

/**
 * The page's title, description and canonical link. React 19 hoists these into <head>; the canonical
 * address is this site's origin plus the path (no query).
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  const { pathname } = useLocation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <title>{`${title} · ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={`${origin}${pathname}`} />
    </>
  );
}
