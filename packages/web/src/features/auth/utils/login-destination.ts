import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { forgetReturnUrl, locationToUrl, takeReturnUrl } from '../../../lib/return-url';
import { removeStorage, writeStorage } from '../../../lib/storage';
import { setSelectedTeamId } from '../../../lib/teams';

export interface SignInOutcome {
  isNewUser: boolean;
  hasAcceptedInvite: boolean;
  inviteTeamId: string | null;
}

/**
 * Where a person goes once signed in (spec 1 §2): someone who joined by invitation sees that team's
 * schedule; a new user starts on the staff page with a welcome; anyone else returns to where they were.
 */
export function destinationAfterSignIn(
  outcome: SignInOutcome,
  from: { returnUrl?: string | null; state?: unknown } = {},
): string {
  removeStorage(STORAGE_KEYS.isSigningUp);
  if (outcome.hasAcceptedInvite && outcome.inviteTeamId) {
    forgetReturnUrl();
    setSelectedTeamId(outcome.inviteTeamId);
    return '/schedule';
  }
  if (outcome.isNewUser) {
    forgetReturnUrl();
    writeStorage(STORAGE_KEYS.showStaffWelcomeAlert, 'true');
    return '/staff';
  }
  return takeReturnUrl(from.returnUrl) ?? locationToUrl(from.state) ?? '/schedule';
}
