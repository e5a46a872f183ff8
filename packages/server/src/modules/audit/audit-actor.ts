import { currentSupportActor } from '../../lib/support-actor.ts';

/** The two columns that say who made a change, as the actor rule fills them. */
export type AuditActor = { changedBy: string | null; onBehalfOf: string | null };

/**
 * The actor rule, the one place that decides who an audit row names: the user who made the change,
 * or in support mode the agent who really did, on behalf of the user they are logged in as (the
 * history shows "Support (agent) as user"). Every audit row is written through the audit repository, or
 * (the one-statement shift insert, shift.repository.ts) with the values this returns.
 */
export function auditActor(changedBy: string | null, onBehalfOf: string | null = null): AuditActor {
  const support = currentSupportActor();
  return support ? { changedBy: support.agentId, onBehalfOf: support.userId } : { changedBy, onBehalfOf };
}
