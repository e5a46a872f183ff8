import { lazy } from 'react';

/**
 * Every page loads on demand. The imports are kept here so the main pages can also be fetched ahead
 * of time, once sign-in has settled (see prefetch-pages.tsx).
 */
const imports = {
  home: () => import('../features/marketing/routes/home-page'),
  login: () => import('../features/auth/routes/login-page'),
  verify: () => import('../features/auth/routes/verify-page'),
  verifyNewEmail: () => import('../features/auth/routes/verify-new-email-page'),
  confirmEmailChange: () => import('../features/auth/routes/confirm-email-change-page'),
  logout: () => import('../features/auth/routes/logout-page'),
  // The schedule with the features it composes in (schedule-route.tsx).
  schedule: () => import('./schedule-route'),
  staff: () => import('../features/staff/routes/staff-page'),
  teams: () => import('../features/teams/routes/teams-page'),
  inviteAccept: () => import('../features/invites/routes/invite-accept-page'),
  settings: () => import('../features/settings/routes/settings-page'),
  support: () => import('../features/support/routes/support-list-page'),
  newTicket: () => import('../features/support/routes/new-ticket-page'),
  ticket: () => import('../features/support/routes/ticket-page'),
  requests: () => import('../features/requests/routes/requests-page'),
  reportsHome: () => import('../features/reports/routes/reports-home-page'),
  report: () => import('../features/reports/routes/report-page'),
  staffing: () => import('../features/staffing/routes/staffing-page'),
  timesheets: () => import('../features/timesheets/routes/timesheets-page'),
  subscription: () => import('../features/subscription/routes/subscription-page'),
  demoCheckout: () => import('../features/subscription/routes/demo-checkout-page'),
  demoPortal: () => import('../features/subscription/routes/demo-portal-page'),
  privacy: () => import('../features/legal/routes/privacy-page'),
  terms: () => import('../features/legal/routes/terms-page'),
};

export const HomePage = lazy(imports.home);
export const LoginPage = lazy(imports.login);
export const VerifyPage = lazy(imports.verify);
export const VerifyNewEmailPage = lazy(imports.verifyNewEmail);
export const ConfirmEmailChangePage = lazy(imports.confirmEmailChange);
export const LogoutPage = lazy(imports.logout);
export const LogoutAllPage = lazy(() =>
  imports.logout().then((module) => ({ default: module.LogoutAllPage })),
);
export const SchedulePage = lazy(imports.schedule);
export const StaffPage = lazy(imports.staff);
export const TeamsPage = lazy(imports.teams);
export const InviteAcceptPage = lazy(imports.inviteAccept);
export const SettingsPage = lazy(imports.settings);
export const SupportListPage = lazy(imports.support);
export const NewTicketPage = lazy(imports.newTicket);
export const TicketPage = lazy(imports.ticket);
export const RequestsPage = lazy(imports.requests);
export const ReportsHomePage = lazy(imports.reportsHome);
export const ReportPage = lazy(imports.report);
export const StaffingPage = lazy(imports.staffing);
export const TimesheetsPage = lazy(imports.timesheets);
export const SubscriptionPage = lazy(imports.subscription);
export const DemoCheckoutPage = lazy(imports.demoCheckout);
export const DemoPortalPage = lazy(imports.demoPortal);
export const PrivacyPage = lazy(imports.privacy);
export const TermsPage = lazy(imports.terms);

/** The pages a signed-in user is likely to open next. */
export function prefetchMainPages(): void {
  for (const load of [imports.schedule, imports.staff, imports.teams, imports.settings]) {
    load().catch(() => {
      // A failed prefetch is retried when the page is actually opened.
    });
  }
}
