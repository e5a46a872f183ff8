import { Link } from 'react-router';
import { cn } from '../lib/utils';
import { buttonVariants } from './ui/button';

/** At most five page numbers around the current one (spec 2 §9). */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), pageCount - size + 1));
  return Array.from({ length: Math.min(size, pageCount) }, (_, i) => start + i);
}

/**
 * The pagination bar of spec 2 §2: First, Previous, up to five page numbers, Next, Last; hidden when
 * everything fits on one page. Pages are addresses (`hrefFor`), so the browser's back button works.
 */
export function PaginationBar({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const item = (target: number, label: string, aria: string, disabled: boolean) =>
    disabled ? (
      <span
        aria-disabled="true"
        className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')}
      >
        {label}
      </span>
    ) : (
      <Link
        to={hrefFor(target)}
        aria-label={aria}
        className={buttonVariants({ variant: 'outline', size: 'sm' })}
      >
        {label}
      </Link>
    );
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {item(1, 'First', 'First page', page === 1)}
      {item(page - 1, 'Previous', 'Previous page', page === 1)}
      {pageWindow(page, pageCount).map((n) =>
        n === page ? (
          <span key={n} aria-current="page" className={buttonVariants({ variant: 'default', size: 'sm' })}>
            {n}
          </span>
        ) : (
          <Link
            key={n}
            to={hrefFor(n)}
            aria-label={`Page ${n}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {n}
          </Link>
        ),
      )}
      {item(page + 1, 'Next', 'Next page', page === pageCount)}
      {item(pageCount, 'Last', 'Last page', page === pageCount)}
    </nav>
  );
}
