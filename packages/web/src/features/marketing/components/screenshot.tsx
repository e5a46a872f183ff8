import { cn } from '../../../lib/utils';

/** How wide a screenshot is drawn: the page's width up to the content column. */
const DEFAULT_SIZES = '(min-width: 1100px) 1024px, calc(100vw - 2rem)';

/**
 * One screenshot of the real app (made by packages/e2e/tests/site-images.spec.ts, WebP, in
 * public/site/) in the visitor's theme: both themes' images are in the page and CSS shows one; the
 * hidden one is lazy and never fetched. Each comes at full and half width (srcset), so a phone loads the
 * small one. Width and height are set, so nothing moves when it arrives.
 */
export function ThemedImage({
  name,
  alt,
  width,
  height,
  sizes = DEFAULT_SIZES,
  eager = false,
}: {
  /** The file name without theme and extension: `schedule-week` → /site/schedule-week-light.webp. */
  name: string;
  alt: string;
  width: number;
  height: number;
  sizes?: string;
  /** In the first screen: fetched at once and first (the largest paint). */
  eager?: boolean;
}) {
  const sources = (theme: 'light' | 'dark') => ({
    src: `/site/${name}-${theme}.webp`,
    srcSet: `/site/${name}-${theme}-half.webp ${Math.round(width / 2)}w, /site/${name}-${theme}.webp ${width}w`,
  });
  const common = { width, height, sizes, decoding: 'async' as const };
  return (
    <>
      <img
        {...sources('light')}
        alt={alt}
        {...common}
        loading={eager ? 'eager' : 'lazy'}
        {...(eager ? { fetchpriority: 'high' } : {})}
        className="h-auto w-full dark:hidden"
      />
      <img
        {...sources('dark')}
        alt={alt}
        {...common}
        loading="lazy"
        className="hidden h-auto w-full dark:block"
      />
    </>
  );
}

/** The sizes the capture script writes (packages/e2e/tests/site-images.spec.ts), at twice the density. */
export const SHOT_SIZES = {
  /** A whole 1280×800 screen. */
  screen: { width: 2560, height: 1600 },
  /** The editor dialog and what is around it. */
  dialog: { width: 1120, height: 1536 },
  /** A 390×780 phone screen. */
  phone: { width: 780, height: 1560 },
} as const;

/** A screenshot in a frame. */
export function Screenshot({
  className,
  ...image
}: Parameters<typeof ThemedImage>[0] & { className?: string }) {
  return (
    <figure
      className={cn(
        'overflow-hidden rounded-xl border border-border bg-card shadow-lg ring-1 ring-black/5',
        className,
      )}
    >
      <ThemedImage {...image} />
    </figure>
  );
}
