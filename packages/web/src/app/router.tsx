import { Navigate, type RouteObject } from 'react-router';
import { HomeRoute, RequireAuth, RequireTeamAdmin } from './guards';
import {
  ConfirmEmailChangePage,
  DemoCheckoutPage,
  DemoPortalPage,
  HomePage,
  InviteAcceptPage,
  LoginPage,
  LogoutAllPage,
  LogoutPage,
  NewTicketPage,
  PrivacyPage,
  ReportPage,
  ReportsHomePage,
  RequestsPage,
  SchedulePage,
  SettingsPage,
  StaffingPage,
  StaffPage,
  SubscriptionPage,
  SupportListPage,
  TeamsPage,
  TermsPage,
  TicketPage,
  TimesheetsPage,
  VerifyNewEmailPage,
  VerifyPage,
} from './pages';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The app's routes. Every path here is in core's route list (`APP_ROUTES` and the public pages the app
 * also draws), and the other way round: `router.test.ts` holds them together, so a route the server
 * does not know (and would redirect to `/` on a reload) cannot be added here alone.
 */
export const routes: RouteObject[] = [
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
          { path: '/subscription', element: <SubscriptionPage /> },
          { path: '/requests', element: <RequestsPage /> },
          { path: '/support', element: <SupportListPage /> },
          { path: '/support/new', element: <NewTicketPage /> },
          { path: '/support/:ticketId', element: <TicketPage /> },
          { path: '/requests/:page', element: <RequestsPage /> },
          // The demo billing provider's own pages (docs/billing.md); Stripe's live on stripe.com.
          { path: '/billing/demo-checkout', element: <DemoCheckoutPage /> },
          { path: '/billing/demo-portal', element: <DemoPortalPage /> },
          // For the team's administrators, but not behind RequireTeamAdmin: staff who follow a link here
          // are told it is for owners and administrators rather than sent away without a word.
          { path: '/staffing', element: <StaffingPage /> },
          {
            element: <RequireTeamAdmin />,
            children: [
              { path: '/staff/*', element: <StaffPage /> },
              { path: '/reports', element: <ReportsHomePage /> },
              { path: '/reports/:reportId', element: <ReportPage /> },
              { path: '/timesheets', element: <TimesheetsPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
