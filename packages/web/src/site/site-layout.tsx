import { SITE_NAV } from '@rotaboard/core/site/public-pages';
import { CalendarRange, Menu, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonVariants } from '../components/ui/button';
import { SiteLink } from '../features/marketing/components/site-link';
import { cn } from '../lib/utils';

const navLink =
  'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function navClass(active: boolean) {
  return cn(
    navLink,
    active
      ? 'bg-accent text-accent-foreground'
      : 'text-muted-foreground hover:bg-accent hover:text-foreground',
  );
}

/**
 * The theme switch of the public pages: both icons are in the HTML and the theme's class shows one, so
 * it is right before any script; the page's script (site/entry-client.ts) makes it switch and keeps its
 * label ("Switch to light theme" in the dark one) — no React for a button.
 */
function SiteThemeToggle() {
  return (
    <button
      type="button"
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-9')}
      aria-label="Switch to dark theme"
      title="Switch to dark theme"
      data-theme-toggle=""
    >
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </button>
  );
}

/**
 * The signed-out header (spec 2 §2 "Navigation"): the feature pages, the assistant, pricing, Log in and
 * Sign up. Below the lg breakpoint the links fold into a menu made of <details>, which opens without
 * JavaScript; it is at most 20rem wide.
 */
function SiteHeader({ path }: { path: string }) {
  // The same links in the wide bar and in the folded menu.
  const links = SITE_NAV.map((item) => (
    <a
      key={item.href}
      href={item.href}
      className={navClass(path === item.href)}
      aria-current={path === item.href ? 'page' : undefined}
    >
      {item.label}
    </a>
  ));
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <a
          href="/"
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <CalendarRange aria-hidden="true" className="size-4.5" />
          </span>
          <span className="text-lg">Rotaboard</span>
        </a>
        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {links}
        </nav>
        <div className="ml-auto flex items-center gap-1.5 sm:gap-2">
          <div className="hidden items-center gap-2 sm:flex">
            <SiteLink href="/login" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              Log in
            </SiteLink>
            <SiteLink href="/login" signUp className={buttonVariants({ size: 'sm' })}>
              Sign up
            </SiteLink>
          </div>
          <SiteThemeToggle />
          <details className="group relative lg:hidden">
            <summary
              className={cn(
                buttonVariants({ variant: 'ghost', size: 'icon' }),
                'size-9 list-none [&::-webkit-details-marker]:hidden',
              )}
              aria-label="Menu"
            >
              <Menu aria-hidden="true" />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute top-11 right-0 flex w-[min(20rem,calc(100vw-2rem))] flex-col gap-1 rounded-xl border border-border bg-card p-2 shadow-lg"
            >
              {links}
              <div className="my-1 border-t border-border" />
              <SiteLink href="/login" className={navClass(false)}>
                Log in
              </SiteLink>
              <SiteLink href="/login" signUp className={navClass(false)}>
                Sign up
              </SiteLink>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}

const footerLink =
  'rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="text-muted-foreground">
          © Rotaboard Ltd, a company registered in the United Kingdom. Your data is stored in the EU.
        </p>
        <nav aria-label="Legal" className="flex flex-wrap gap-x-5 gap-y-2">
          <a href="/features" className={footerLink}>
            Features
          </a>
          <a href="/pricing" className={footerLink}>
            Pricing
          </a>
          <a href="/privacy" className={footerLink}>
            Privacy
          </a>
          <a href="/terms" className={footerLink}>
            Terms
          </a>
        </nav>
      </div>
    </footer>
  );
}

/** The frame of every public page: skip link, signed-out header, the page, footer. */
export function SiteLayout({ path, children }: { path: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader path={path} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
