import { Link } from 'react-router';

/**
 * Under a plan-limit refusal: the way to lift it. A team's plan is its owner's, so only the owner
 * (or someone acting on their own account) is sent to /subscription; others are told who can.
 */
export function UpgradeLink({ forOwner }: { forOwner: boolean }) {
  return forOwner ? (
    <Link to="/subscription" className="mt-1 inline-block font-medium underline underline-offset-4">
      See plans and upgrade
    </Link>
  ) : (
    <p className="mt-1">The team owner can upgrade the team to Pro.</p>
  );
}
