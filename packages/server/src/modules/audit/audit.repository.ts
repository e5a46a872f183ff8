import { changedFields } from '@rotaboard/core/audit/changes';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

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
  | 'CANCELLED';

/** One audit row as the callers give it. */
export type AuditEntry = {
  teamId: string | null;
  entityType: AuditEntity;
  entityId: string;
  action: AuditAction;
  changedBy: string | null;
  oldValues?: Record<string, unknown> | null;
  newValues?: Record<string, unknown> | null;
};

/** Writes audit rows; call it with the transaction that makes the change. */
export function createAuditRepository(db: Db) {
  return {
    async record(entry: AuditEntry) {
      await db
        .insert(auditLog)
        .values({ ...entry, oldValues: entry.oldValues ?? null, newValues: entry.newValues ?? null });
    },

    /** Many rows in one statement (copy and clear week). */
    async recordMany(entries: AuditEntry[]) {
      if (entries.length === 0) return;
      await db
        .insert(auditLog)
        .values(
          entries.map((e) => ({ ...e, oldValues: e.oldValues ?? null, newValues: e.newValues ?? null })),
        );
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
        changedBy: entry.changedBy,
        ...diff,
      });
    },
  };
}
