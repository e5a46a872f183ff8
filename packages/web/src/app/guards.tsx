import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { completeProfileUrl, useAuth } from '../lib/auth-context';
import { rememberReturnUrl } from '../lib/return-url';
import { useSelectedTeam } from '../lib/teams';

function RedirectToLogin() {
  const location = useLocation();
  const returnUrl = `${location.pathname}${location.search}`;
  // Kept in storage too: the emailed link may be opened in another tab.
  useEffect(() => rememberReturnUrl(returnUrl), [returnUrl]);
  return (
    <Navigate to={`/login?returnUrl=${encodeURIComponent(returnUrl)}`} replace state={{ from: location }} />
  );
}

/** Logged-in routes. A network failure lets the page through; the connection banner explains. */
export function RequireAuth() {
  const auth = useAuth();
  if (auth.status === 'initializing') return <PageSpinner />;
  if (auth.status === 'loggedOut') return <RedirectToLogin />;
  if (auth.status === 'loggedIn' && auth.needsProfileCompletion) {
    return (
      <Navigate
        to={completeProfileUrl({ shouldPromptForTeamCreation: auth.shouldPromptForTeamCreation })}
        replace
      />
    );
  }
  return <Outlet />;
}

/** Staff management is for the selected team's administrators and owner; others go to the schedule. */
export function RequireTeamAdmin() {
  const { status } = useAuth();
  const { isLoading, isAdmin } = useSelectedTeam();
  if (status === 'unreachable') return <Outlet />;
  if (isLoading) return <PageSpinner />;
  if (!isAdmin) return <Navigate to="/schedule" replace />;
  return <Outlet />;
}

/** `/`: the landing page for visitors, the schedule for signed-in users. */
export function HomeRoute({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'initializing') return <PageSpinner />;
  if (auth.status === 'loggedIn') {
    return (
      <Navigate
        to={
          auth.needsProfileCompletion
            ? completeProfileUrl({ shouldPromptForTeamCreation: auth.shouldPromptForTeamCreation })
            : '/schedule'
        }
        replace
      />
    );
  }
  return children;
}
