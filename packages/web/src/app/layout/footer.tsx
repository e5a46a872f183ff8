import { Link } from 'react-router';

const linkClass =
  'rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function Footer() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        {/* The prerendered pages carry the year they were built in; a new year is written in on hydration. */}
        <p className="text-muted-foreground" suppressHydrationWarning>
          © {new Date().getFullYear()} Rotaboard Ltd
        </p>
        <nav aria-label="Legal" className="flex gap-5">
          <Link to="/privacy" className={linkClass}>
            Privacy
          </Link>
          <Link to="/terms" className={linkClass}>
            Terms
          </Link>
        </nav>
      </div>
    </footer>
  );
}
