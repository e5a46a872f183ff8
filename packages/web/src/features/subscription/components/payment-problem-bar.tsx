import { planOf } from '@rotaboard/core/plans/plan-limits';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { useSubscription } from '../api/subscription';
import { formatBillingDate } from './billing-dates';

/**
 * While a failed renewal keeps Pro for its grace period, every page tells the account holder, once per
 * visit (dismissable). Fixed to the bottom of the screen, so its arrival moves nothing (no layout shift).
 * Only Pro accounts ask: a Free account has no payment to fail.
 */
export function PaymentProblemBar() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState(false);
  const subscription = useSubscription(user ? planOf(user.subscriptionTier).paid : false);
  const data = subscription.data;
  if (dismissed || !data || data.status !== 'past_due' || !planOf(data.tier).paid || !data.graceEndsAt)
    return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2">
        <p className="min-w-0 flex-1">
          Your last payment failed. Pro stays on until {formatBillingDate(data.graceEndsAt)} while it is
          retried.{' '}
          <Link to="/subscription" className="font-medium underline underline-offset-4">
            Update your payment details
          </Link>
        </p>
        <button
          type="button"
          className="rounded-md px-2 py-1 font-medium hover:bg-amber-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring dark:hover:bg-amber-900"
          onClick={() => setDismissed(true)}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
