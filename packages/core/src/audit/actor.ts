import { supportActorName } from '../support/support-mode.ts';
import { displayName } from '../users/profile.ts';

type Person = { firstName: string | null; lastName: string | null; email: string | null };

const nameOf = (p: Person | null | undefined) =>
  p?.email ? displayName({ firstName: p.firstName, lastName: p.lastName, email: p.email }) : null;

/**
 * The name an audit entry shows for who made a change: the user, or for a change a support agent
 * made while logged in as someone, "Support (agent) as user". Null when the account is gone.
 */
export function auditActorName(changedBy: Person | null, onBehalfOf?: Person | null): string | null {
  const actor = nameOf(changedBy);
  const user = nameOf(onBehalfOf);
  if (!user) return actor;
  return supportActorName(actor ?? 'unknown agent', user);
}
