import { planAllows, planOf } from '@rotaboard/core/plans/plan-limits';
import { SITE_NAV } from '@rotaboard/core/site/public-pages';
import { CalendarRange } from 'lucide-react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TeamSelector } from '../../features/teams/components/team-selector';
import { useAuth } from '../../lib/auth-context';
import { useSelectedTeam } from '../../lib/teams';
import { cn } from '../../lib/utils';
import { LazyNotificationBell } from './lazy-account-widgets';
import { MobileMenu } from './mobile-menu';
import { signedInNavItems } from './nav-items';
import { ThemeToggle } from './theme-toggle';

const navLinkClass = ({ isActive, compact = false }: { isActive: boolean; compact?: boolean }) =>
  cn(
    'rounded-md py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    compact ? 'px-2' : 'px-3',
    isActive
      ? 'bg-accent text-accent-foreground'
      : 'text-muted-foreground hover:bg-accent hover:text-foreground',
  );

/**
 * From this many main links (a Pro team's administrator has eight) the wide header is tight: the
 * header never grows past 1280 px, and with the Pro badge, Settings and Log out beside them the team
 * selector was squeezed to its first letter ("R…" for "Report Cafe"). Then the links are set closer
 * and the logo goes without its name, so the selector keeps its 200 px (spec 2: names cut at 200 px).
 */
const CROWDED_NAV = 8;

export function Header() {
  const { status, needsProfileCompletion, user } = useAuth();
  const signedIn = status === 'loggedIn';
  // Until the profile is complete the only way forward is the profile form (or logging out).
  const showAppNav = signedIn && !needsProfileCompletion;
  const signedOut = status === 'loggedOut';
  const { isAdmin, isLoading: teamsLoading, team } = useSelectedTeam();
  const settled = status !== 'initializing' && !teamsLoading;
  const navigate = useNavigate();
  const items = showAppNav
    ? signedInNavItems(
        isAdmin,
        team ? planAllows(team.ownerSubscriptionTier, 'requests') : false,
        team ? planAllows(team.ownerSubscriptionTier, 'attendance') : false,
      )
    : [];
  // On wide screens Settings sits with the account actions on the right; the rest are main navigation.
  const mainItems = items.filter((item) => item.to !== '/settings');
  const crowded = mainItems.length >= CROWDED_NAV;
  const linkClass = ({ isActive }: { isActive: boolean }) => navLinkClass({ isActive, compact: crowded });

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Link
          to={signedIn ? '/schedule' : '/'}
          className="flex shrink-0 items-center gap-2 rounded-md font-semibold tracking-tight focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <CalendarRange aria-hidden="true" className="size-4.5" />
          </span>
          {/* Signed in on a phone, the name gives its room to the team selector and the bell; it stays
              for screen readers, as the link's only text. */}
          <span
            className={cn(
              'sr-only text-lg',
              showAppNav ? 'min-[440px]:not-sr-only' : 'min-[380px]:not-sr-only',
              crowded && 'xl:sr-only',
            )}
          >
            Rotaboard
          </span>
        </Link>
        {signedIn && user && planOf(user.subscriptionTier).paid ? (
          <Link
            to="/subscription"
            className="hidden rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex"
            aria-label="Pro plan: your subscription"
          >
            <Badge data-testid="pro-badge">Pro</Badge>
          </Link>
        ) : null}

        {/* Shown once the teams are known: "Staff" depends on the role, and a link appearing between
            the others later would move them (layout shift). */}
        {showAppNav && !teamsLoading ? (
          <nav aria-label="Main" className="ml-2 hidden items-center gap-1 xl:flex">
            {mainItems.map((item) => (
              <NavLink key={item.to} to={item.to} className={linkClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        ) : null}

        {/* Signed out, the public site's pages (spec 2 §2): plain links, as they are served as whole
            pages, not routes of the app. */}
        {signedOut ? (
          <nav aria-label="Main" className="ml-2 hidden items-center gap-1 lg:flex">
            {SITE_NAV.map((item) => (
              <a key={item.href} href={item.href} className={navLinkClass({ isActive: false })}>
                {item.label}
              </a>
            ))}
          </nav>
        ) : null}

        {/* Drawn once the session (and, signed in, the team list) is known, all at once: drawn earlier
            and then grown, its items would move about as the rest arrived (layout shift). */}
        <div
          className={cn('ml-auto flex min-w-0 items-center gap-1.5 sm:gap-2', !settled && 'invisible')}
          aria-hidden={settled ? undefined : true}
        >
          {showAppNav ? <TeamSelector className="max-w-[140px] sm:max-w-[200px]" /> : null}
          {signedIn ? (
            <div className="hidden items-center gap-1 xl:flex">
              {showAppNav ? (
                <NavLink to="/settings" className={linkClass}>
                  Settings
                </NavLink>
              ) : null}
              <Button variant="ghost" size="sm" onClick={() => navigate('/logout')}>
                Log out
              </Button>
            </div>
          ) : null}
          {signedOut ? (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login" state={{ isSignUp: false }}>
                  Log in
                </Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/login" state={{ isSignUp: true }}>
                  Sign up
                </Link>
              </Button>
            </div>
          ) : null}
          {showAppNav ? <LazyNotificationBell /> : null}
          <ThemeToggle />
          <MobileMenu signedIn={signedIn} items={items} />
        </div>
      </div>
    </header>
  );
}
