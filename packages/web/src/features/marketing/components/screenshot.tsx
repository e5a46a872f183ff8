import { cn } from '../../../lib/utils';

/**
 * A screenshot of the real app (made by packages/e2e/capture/site-images.capture.ts, WebP, in
 * public/site/), in the visitor's theme: both are in the page and CSS shows one; the hidden one is
 * never fetched because it is lazy and not displayed. Width and height are set, so nothing moves
 * when it arrives.
 */
export function Screenshot({
  name,
  alt,
  width,
  height,
  eager = false,
  className,
}: {
  /** The file name without theme and extension: `schedule-week` → /site/schedule-week-light.webp. */
  name: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  const common = {
    width,
    height,
    decoding: 'async' as const,
    loading: eager ? ('eager' as const) : ('lazy' as const),
    className: 'h-auto w-full',
  };
  return (
    <figure
      className={cn(
        'overflow-hidden rounded-xl border border-border bg-card shadow-lg ring-1 ring-black/5',
        className,
      )}
    >
      <img
        src={`/site/${name}-light.webp`}
        alt={alt}
        {...common}
        className={cn(common.className, 'dark:hidden')}
      />
      <img
        src={`/site/${name}-dark.webp`}
        alt={alt}
        {...common}
        loading="lazy"
        className={cn(common.className, 'hidden dark:block')}
      />
    </figure>
  );
}
