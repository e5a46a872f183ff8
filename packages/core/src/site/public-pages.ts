/**
 * The one list of the site's addresses (spec 2 §2): the public pages served as prerendered HTML, with
 * the title and description each carries (and the sitemap lists), and below, the app's routes. The
 * server serves the first, hands the second to the app, and redirects every other path to `/`.
 * `inApp`: the app's router draws the page too (in its own frame, for a signed-in visitor).
 */
export const PUBLIC_PAGES = [
  {
    path: '/',
    inApp: true,
    title: 'Staff rotas and shift scheduling for small teams',
    description:
      'Build the week’s staff rota by drag and drop, share it with your team, and track attendance for payroll. Free for one team, no credit card.',
  },
  {
    path: '/pricing',
    title: 'Pricing',
    description:
      'Start for free with one team and up to 100 staff. Upgrade to Pro for more teams, time-off requests, time and attendance, payroll reports and priority support.',
  },
  {
    path: '/features',
    title: 'Features',
    description:
      'Everything Rotaboard does: a visual schedule builder, day view, live updates, schedule lock, time-off requests, leave and audit reports, time and attendance and payroll.',
  },
  {
    path: '/features/schedule',
    title: 'Scheduling',
    description:
      'Build the week by dragging shifts onto a grid, copy last week, lock finished days and let every member of staff see their own rota, live.',
  },
  {
    path: '/features/leave',
    title: 'Leave',
    description:
      'Record holiday and sickness as time off on the rota, by the hour or all day, take requests from staff and download the leave report as CSV.',
  },
  {
    path: '/features/attendance',
    title: 'Time, attendance and payroll',
    description:
      'Record late arrivals, sickness and early finishes against shifts, and export worked hours and adjustments for payroll.',
  },
  {
    path: '/assistant',
    title: 'Schedule assistant',
    description:
      'The Rotaboard schedule assistant (Pro): ask for changes to the rota in plain English, checked against your rules, then accept or reject each one.',
  },
  {
    path: '/privacy',
    inApp: true,
    title: 'Privacy Policy',
    description:
      'What Rotaboard stores about you and your staff, why, where (in the EU) and for how long, and the rights you have over it.',
  },
  {
    path: '/terms',
    inApp: true,
    title: 'Terms of Service',
    description:
      'The terms on which Rotaboard, a staff rota service of a UK limited company, is provided: accounts, plans, payment and acceptable use.',
  },
] as const;

export type PublicPath = (typeof PUBLIC_PAGES)[number]['path'];

export function publicPage(path: PublicPath): (typeof PUBLIC_PAGES)[number] {
  return PUBLIC_PAGES.find((page) => page.path === path)!;
}

export function isPublicPath(path: string): path is PublicPath {
  return PUBLIC_PAGES.some((page) => page.path === path);
}

/**
 * Every route of the app (spec 1 §2, spec 2 §2) — the web app's router has exactly these paths
 * (`packages/web/src/app/router.test.ts`), and the server sends the app for them and redirects every
 * other path that is not a public page to `/`. Written as React Router writes them: `:name` is one
 * segment, a trailing `/*` is the path itself and everything below it. The public pages the app also
 * draws (`/`, `/privacy`, `/terms`, for a signed-in visitor's stale session) are in PUBLIC_PAGES with
 * `inApp`. A new route is added here and in the router, or the test fails.
 */
export const APP_ROUTES = [
  '/login',
  '/login/verify/:token',
  '/change-email/verify-new/:token',
  '/change-email/confirm/:token',
  '/logout',
  '/logout/all',
  '/invite-accept',
  '/invite/accept',
  '/schedule',
  '/schedule/:date',
  '/teams/*',
  '/settings',
  '/subscription',
  '/requests',
  '/requests/:page',
  '/support',
  '/support/new',
  '/support/:ticketId',
  '/billing/demo-checkout',
  '/billing/demo-portal',
  '/staff/*',
  '/reports',
  '/reports/:reportId',
  '/staffing',
  '/timesheets',
] as const;

/** Whether `path` matches a route pattern of APP_ROUTES (`:name` one segment, `/*` the rest). */
export function matchesRoute(route: string, path: string): boolean {
  const routeParts = route.split('/').slice(1);
  const pathParts = path.split('/').slice(1);
  const splat = routeParts.at(-1) === '*';
  const fixed = splat ? routeParts.slice(0, -1) : routeParts;
  if (splat ? pathParts.length < fixed.length : pathParts.length !== fixed.length) return false;
  return fixed.every((part, i) =>
    part.startsWith(':') ? (pathParts[i] ?? '') !== '' : part === pathParts[i],
  );
}

/** Whether `path` (no query) is one of the app's routes. A trailing slash is the same route. */
export function isAppRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return APP_ROUTES.some((route) => matchesRoute(route, clean));
}

/** What robots.txt names for a route: the route itself, or the part before its first parameter. */
function crawlerRule(route: string): string {
  const dynamic = route.search(/\/(:|\*)/);
  return dynamic === -1 ? route : route.slice(0, dynamic + 1);
}

/**
 * Crawlable although it is the app's: the sign-in page is where every 'Get Started' leads, so people
 * searching for "Rotaboard sign in" should find it. Its sub-paths (sign-in links) stay disallowed.
 */
const CRAWLABLE_APP_ROUTES: readonly string[] = ['/login'];

/** The paths crawlers are asked to leave alone (robots.txt): the app's, and the API. */
export const DISALLOWED_FOR_CRAWLERS = [
  '/api/',
  ...new Set(
    APP_ROUTES.filter((route) => !CRAWLABLE_APP_ROUTES.includes(route)).flatMap((route) =>
      // `/teams/*` is `/teams` itself and what is below it.
      route.endsWith('/*') ? [route.slice(0, -2), crawlerRule(route)] : [crawlerRule(route)],
    ),
  ),
];

/** The signed-out navigation (spec 2 §2 "Navigation"), in order. */
export const SITE_NAV = [
  { href: '/features', label: 'Features' },
  { href: '/features/schedule', label: 'Scheduling' },
  { href: '/features/leave', label: 'Leave' },
  { href: '/features/attendance', label: 'Payroll' },
  { href: '/assistant', label: 'Assistant' },
  { href: '/pricing', label: 'Pricing' },
] as const;
