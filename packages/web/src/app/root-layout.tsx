import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { AuthProvider } from '../lib/auth-context';
import { ConnectionBanner } from './layout/connection-banner';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { LazyPaymentProblemBar } from './layout/lazy-account-widgets';
import { SupportModeBanner } from './layout/support-mode-banner';
import { PrefetchPages } from './prefetch-pages';
import { RealtimeConnection } from './realtime-provider';
import { ScrollManager } from './scroll-manager';

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
        <SupportModeBanner />
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
