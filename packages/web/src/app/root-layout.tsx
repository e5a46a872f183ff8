import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { AuthProvider, useAuth } from '../lib/auth-context';
import { ConnectionBanner } from './layout/connection-banner';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { LazyPaymentProblemBar } from './layout/lazy-account-widgets';
import { PrefetchPages } from './prefetch-pages';
import { RealtimeConnection } from './realtime-provider';
import { ScrollManager } from './scroll-manager';

// Only while a support agent acts as a user, so loaded only then: the sign-in page (prerendered, and
// hydrated by this layout) and everyone else's pages neither download nor run it. (The live connection
// and the prefetching stay in the entry: every signed-in page needs them at once, and a chunk of their
// own made the schedule's first load larger, not smaller.)
const SupportModeBanner = lazy(() =>
  import('./layout/support-mode-banner').then((module) => ({ default: module.SupportModeBanner })),
);

/**
 * The orange bar while a support agent acts as the user (spec 2 §4). Once shown it stays mounted, as
 * it was before it was loaded lazily: "End support mode" switches the session back to the agent and
 * only then goes to /support, from inside the bar, so the bar must outlive the switch (unmounted
 * there, an e2e run under load once ended on /schedule instead).
 */
function SupportModeOnly() {
  const { supportMode } = useAuth();
  const [shown, setShown] = useState(false);
  if (supportMode && !shown) setShown(true);
  if (!supportMode && !shown) return null;
  return (
    <Suspense fallback={null}>
      <SupportModeBanner />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <AuthProvider>
      <ScrollManager />
      <PrefetchPages />
      <RealtimeConnection />
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <SupportModeOnly />
        <ConnectionBanner />
        <Header />
        {/* At least a screen tall (less the header), so the footer starts below the fold and a page
            growing as its data arrives never pushes it about on screen (layout shift). */}
        <main
          id="main"
          tabIndex={-1}
          className="flex min-h-[calc(100dvh-3.5rem)] flex-1 flex-col focus:outline-none"
        >
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
        <LazyPaymentProblemBar />
      </div>
    </AuthProvider>
  );
}
