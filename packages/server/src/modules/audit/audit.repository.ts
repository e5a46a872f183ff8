import { changedFields } from '@rotaboard/core/audit/changes';
import type { Db } from '../../db/db.ts';
import { auditLog } from '../../db/schema.ts';
import { currentSupportActor } from '../../lib/support-actor.ts';

export type AuditEntity = (typeof auditLog.$inferInsert)['entityType'];
/** Actions as the audit display knows them (spec 2 §4). */
export type AuditAction =
  | 'CREATE'
  | 'UPDATE'
  | 'DELETE'
  | 'SENT'
  | 'RESEND'
  | 'REVOKED'
  | 'ACCEPTED'
  | 'APPROVED'
  | 'REJECTED'
  | 'CANCELLED'
  | 'STARTED'
  | 'ENDED';

/** One audit row as the callers give it. */
export type AuditEntry = {
  teamId: string | null;
  entityType: AuditEntity;
  entityId: string;
  action: AuditAction;
  changedBy: string | null;
  /** The user an agent acted for; filled in by itself in support mode (see `auditActor`). */
  onBehalfOf?: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

/** The two columns that say who made a change, as the actor rule fills them. */
export type AuditActor = { changedBy: string | null; onBehalfOf: string | null };

/**
 * The actor rule, the one place that decides who an audit row names: the user who made the change,
 * or in support mode the agent who really did, on behalf of the user they are logged in as (the
 * history shows "Support (agent) as user"). Every audit row is written through this repository, or
 * (the one-statement shift insert, shift.repository.ts) with the values this returns.
 */
export function auditActor(changedBy: string | null, onBehalfOf: string | null = null): AuditActor {
  const support = currentSupportActor();
  return support ? { changedBy: support.agentId, onBehalfOf: support.userId } : { changedBy, onBehalfOf };
}

const row = (e: AuditEntry) => ({
  ...e,
  ...auditActor(e.changedBy, e.onBehalfOf),
  oldValues: e.oldValues ?? null,
  newValues: e.newValues ?? null,
});

/** Writes audit rows; call it with the transaction that makes the change. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry) {
      await db.insert(auditLog).values(row(entry));
    },

    /** Many rows in one statement (copy and clear week). */
    async recordMany(entries: AuditEntry[]) {
      if (entries.length === 0) return;
      await db.insert(auditLog).values(entries.map(row));
    },

    /** An UPDATE row with only the fields that changed; nothing when nothing did. */
    async recordUpdate(entry: {
      teamId: string;
      entityType: AuditEntity;
      entityId: string;
      changedBy: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }) {
      const diff = changedFields(entry.before, entry.after);
      if (!diff) return;
      await db.insert(auditLog).values({
        teamId: entry.teamId,
        entityType: entry.entityType,
        entityId: entry.entityId,
        action: 'UPDATE',
        ...auditActor(entry.changedBy),
        ...diff,
      });
    },
  };
}
