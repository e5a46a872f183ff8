import { createBrowserRouter, Navigate } from 'react-router';
import { HomeRoute, RequireAuth, RequireTeamAdmin } from './guards';
import {
  ConfirmEmailChangePage,
  HomePage,
  InviteAcceptPage,
  LoginPage,
  LogoutAllPage,
  LogoutPage,
  PrivacyPage,
  SchedulePage,
  SettingsPage,
  StaffPage,
  TeamsPage,
  TermsPage,
  VerifyNewEmailPage,
  VerifyPage,
} from './pages';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public
      {
        path: '/',
        element: (
          <HomeRoute>
            <HomePage />
          </HomeRoute>
        ),
      },
      { path: '/login', element: <LoginPage /> },
      { path: '/login/verify/:token', element: <VerifyPage /> },
      { path: '/change-email/verify-new/:token', element: <VerifyNewEmailPage /> },
      { path: '/change-email/confirm/:token', element: <ConfirmEmailChangePage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/logout/all', element: <LogoutAllPage /> },
      { path: '/invite-accept', element: <InviteAcceptPage /> },
      { path: '/invite/accept', element: <InviteAcceptPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      // Signed in
      {
        element: <RequireAuth />,
        children: [
          { path: '/schedule', element: <SchedulePage /> },
          { path: '/schedule/:date', element: <SchedulePage /> },
          { path: '/teams/*', element: <TeamsPage /> },
          { path: '/settings', element: <SettingsPage /> },
          {
            element: <RequireTeamAdmin />,
            children: [{ path: '/staff/*', element: <StaffPage /> }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
