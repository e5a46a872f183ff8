import type { UserDto } from '@rotaboard/core/contracts/users';
import { effectiveTier } from '@rotaboard/core/plans/subscription';
import { billingStateOf } from '../../lib/billing-state.ts';
import type { UserRow } from './user.repository.ts';

/** The user as the client sees it; database rows never leave the server. */
export function toUserDto(user: UserRow, proEmails: readonly string[]): UserDto {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    subscriptionTier: effectiveTier(billingStateOf(user), user.email, proEmails),
    requestEmails: user.requestEmails,
    timeFormat: user.timeFormat,
  };
}
