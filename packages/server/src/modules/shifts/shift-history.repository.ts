import { and, count, desc, eq, gte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/db.ts';
import { auditLog, users } from '../../db/schema.ts';

/**
 * A shift's history: the audit rows about one entry, with who made each change (and, in support mode,
 * on whose behalf). Read here, where the shift's history route is; the rows are written through the
 * audit module (and the one-statement create's own row, shift.repository.ts).
 */
export function createShiftHistoryRepository(db: Db) {
  return {
    async history(teamId: string, shiftId: string, since: Date, offset: number, limit: number) {
      const where = and(
        eq(auditLog.teamId, teamId),
        eq(auditLog.entityType, 'shift'),
        eq(auditLog.entityId, shiftId),
        gte(auditLog.changedAt, since),
      );
      const [total] = await db.select({ n: count() }).from(auditLog).where(where);
      // In support mode the agent made the change on behalf of a user: both names are shown.
      const onBehalfOf = alias(users, 'on_behalf_of_user');
      const rows = await db
        .select({
          audit: auditLog,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          onBehalfOf: {
            firstName: onBehalfOf.firstName,
            lastName: onBehalfOf.lastName,
            email: onBehalfOf.email,
          },
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.changedBy))
        .leftJoin(onBehalfOf, eq(onBehalfOf.id, auditLog.onBehalfOf))
        .where(where)
        .orderBy(desc(auditLog.changedAt), desc(auditLog.id))
        .offset(offset)
        .limit(limit);
      return { total: total?.n ?? 0, rows };
    },

    async hasAnyHistory(teamId: string, shiftId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(eq(auditLog.teamId, teamId), eq(auditLog.entityType, 'shift'), eq(auditLog.entityId, shiftId)),
        )
        .limit(1);
      return Boolean(row);
    },
  };
}
