import { planOf } from '@rotaboard/core/plans/plan-limits';
import { lazy, Suspense } from 'react';
import { useAuth } from '../../lib/auth-context';

// The bell and the payment bar are for signed-in people only: loaded when first drawn, they keep the
// dropdown menu, the request and subscription calls out of the login page's JavaScript
// (bench/bundle-size: the login page ≤ 100 KB gzip).
const Bell = lazy(() =>
  import('../../features/requests/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
const PaymentBar = lazy(() =>
  import('../../features/subscription/components/payment-problem-bar').then((m) => ({
    default: m.PaymentProblemBar,
  })),
);

/** The header's bell; its place is held at its size while it loads, so nothing moves. */
export function LazyNotificationBell() {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-9" />}>
      <Bell />
    </Suspense>
  );
}

/** The failed-payment bar (fixed to the screen's foot), only ever loaded for Pro accounts. */
export function LazyPaymentProblemBar() {
  const { user } = useAuth();
  if (!user || !planOf(user.subscriptionTier).paid) return null;
  return (
    <Suspense fallback={null}>
      <PaymentBar />
    </Suspense>
  );
}
