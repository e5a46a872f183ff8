import { createOpenShiftClaimService } from './open-shift-claims.service.ts';
import { createOpenShiftContext, type OpenShiftServiceDeps } from './open-shift-context.ts';
import { createOpenShiftPostingService } from './open-shift-posting.service.ts';

/**
 * Open shifts (issue 27): administrators post them, members whose role fits claim them, and
 * approving a claim writes the claimant's shift through the shift service (its checks, audit and live
 * update), in the same transaction as the claim's decision. One service for the routes, made of its
 * parts: posting, listing and taking down (open-shift-posting.service) and claims with their decision
 * (open-shift-claims.service), which share the access, the team command and the emails
 * (open-shift-context). The bell's pending claims are open-shift-notifications.ts.
 */
export function createOpenShiftService(deps: OpenShiftServiceDeps) {
  const ctx = createOpenShiftContext(deps);
  return {
    ...createOpenShiftPostingService(deps, ctx),
    ...createOpenShiftClaimService(deps, ctx),
  };
}
