import { changedFields } from '@rotaboard/core/audit/changes';
import type { Db } from '../../db/db.ts';
import { auditLog } from '../../db/schema.ts';
import { auditActor } from './audit-actor.ts';

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

const AUDIT_ROWS_PER_STATEMENT = 1000;

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

    /** Many rows, a thousand to a statement (a statement takes at most 65,535 parameters). */
    async recordMany(entries: readonly AuditEntry[]) {
      for (let i = 0; i < entries.length; i += AUDIT_ROWS_PER_STATEMENT) {
        await db.insert(auditLog).values(entries.slice(i, i + AUDIT_ROWS_PER_STATEMENT).map(row));
      }
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
