/**
 * The public site (spec 2 §2): the pages served as prerendered HTML, with the title and description
 * each carries (and the sitemap lists), and the routes that belong to the signed-in app. The server
 * serves the first, hands the second to the app, and redirects every other path to `/`.
 */
export const PUBLIC_PAGES = [
  {
    path: '/',
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
      'The Rotaboard schedule assistant: ask for changes to the rota in plain English, then review, accept or reject them. Coming to the Pro plan.',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description:
      'What Rotaboard stores about you and your staff, why, where (in the EU) and for how long, and the rights you have over it.',
  },
  {
    path: '/terms',
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
 * The signed-in app's routes and its other public screens (spec 1 §2, spec 2 §2): each entry is a
 * path or, ending in `/*`, a path and everything below it. A new route of the app must be added here,
 * or the server redirects it to `/`.
 */
export const APP_ROUTES = [
  '/login',
  '/login/*',
  '/change-email/*',
  '/logout',
  '/logout/*',
  '/invite-accept',
  '/invite/accept',
  '/schedule',
  '/schedule/*',
  '/staff',
  '/staff/*',
  '/requests',
  '/requests/*',
  '/reports',
  '/reports/*',
  '/teams',
  '/teams/*',
  '/subscription',
  '/settings',
  '/support',
  '/support/*',
  '/billing/*',
] as const;

/** Whether `path` (no query) is one of the app's routes. A trailing slash is the same route. */
export function isAppRoute(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return APP_ROUTES.some((route) =>
    route.endsWith('/*')
      ? clean.startsWith(route.slice(0, -1)) && clean.length > route.length - 1
      : clean === route,
  );
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
    APP_ROUTES.filter((route) => !CRAWLABLE_APP_ROUTES.includes(route)).map((route) =>
      route.endsWith('/*') ? route.slice(0, -1) : route,
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
