import type { AgentChange, ProposalChangeState } from '@rotaboard/core/contracts/proposals';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { proposalChanges, proposals } from '../../db/schema.ts';

export type ProposalRow = typeof proposals.$inferSelect;
export type NewProposal = typeof proposals.$inferInsert;
export type ProposalChangeRow = typeof proposalChanges.$inferSelect;

/** A change as stored: the offered change (without its state) in `change`. */
export type StoredChange = Omit<ProposalChangeRow, 'change'> & { change: AgentChange };

/** All database access for proposals and their changes; no rules here. */
export function createProposalRepository(db: Db) {
  return {
    /** A proposal and its changes, in the order offered, in one transaction's worth of statements. */
    async insert(values: NewProposal, changes: readonly AgentChange[]): Promise<ProposalRow> {
      const [row] = await db.insert(proposals).values(values).returning();
      // Many changes (a month for a large team) go in batches small enough for any driver's parameter limit.
      for (let i = 0; i < changes.length; i += 500) {
        await db.insert(proposalChanges).values(
          changes.slice(i, i + 500).map((change, j) => ({
            proposalId: row!.id,
            changeId: change.changeId,
            position: i + j,
            kind: change.kind,
            change,
          })),
        );
      }
      return row!;
    },

    async find(teamId: string, proposalId: string): Promise<ProposalRow | null> {
      const [row] = await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.teamId, teamId), eq(proposals.id, proposalId)));
      return row ?? null;
    },

    /** The proposal's row locked until the transaction ends: two accepts of one proposal queue up. */
    async lock(teamId: string, proposalId: string): Promise<ProposalRow | null> {
      const [row] = await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.teamId, teamId), eq(proposals.id, proposalId)))
        .for('update');
      return row ?? null;
    },

    async changes(proposalId: string): Promise<StoredChange[]> {
      const rows = await db
        .select()
        .from(proposalChanges)
        .where(eq(proposalChanges.proposalId, proposalId))
        .orderBy(asc(proposalChanges.position));
      return rows as StoredChange[];
    },

    async setState(
      proposalId: string,
      changeIds: readonly string[],
      state: ProposalChangeState,
      extra: { shiftId?: string | null; removedShift?: unknown; failure?: string | null } = {},
    ): Promise<void> {
      if (changeIds.length === 0) return;
      await db
        .update(proposalChanges)
        .set({ state, decidedAt: sql`now()`, ...extra })
        .where(
          and(eq(proposalChanges.proposalId, proposalId), inArray(proposalChanges.changeId, [...changeIds])),
        );
    },

    /** Moves one change to `to` if it is still in one of `from`; false when someone moved it meanwhile. */
    async moveState(
      proposalId: string,
      changeId: string,
      from: readonly string[],
      to: ProposalChangeState,
      extra: { shiftId?: string | null; removedShift?: unknown },
    ): Promise<boolean> {
      const moved = await db
        .update(proposalChanges)
        .set({ state: to, decidedAt: sql`now()`, failure: null, ...extra })
        .where(
          and(
            eq(proposalChanges.proposalId, proposalId),
            eq(proposalChanges.changeId, changeId),
            inArray(proposalChanges.state, from as ProposalChangeState[]),
          ),
        )
        .returning({ changeId: proposalChanges.changeId });
      return moved.length === 1;
    },

    /** Rejects those of `changeIds` still open (pending or failed); returns the ids it rejected. */
    async rejectOpen(proposalId: string, changeIds: readonly string[]): Promise<string[]> {
      const rows = await db
        .update(proposalChanges)
        .set({ state: 'rejected', decidedAt: sql`now()` })
        .where(
          and(
            eq(proposalChanges.proposalId, proposalId),
            inArray(proposalChanges.changeId, [...changeIds]),
            inArray(proposalChanges.state, ['pending', 'failed']),
          ),
        )
        .returning({ changeId: proposalChanges.changeId });
      return rows.map((row) => row.changeId);
    },

    async markUndone(proposalId: string): Promise<void> {
      await db.update(proposals).set({ undoneAt: sql`now()` }).where(eq(proposals.id, proposalId));
    },

    /** The team's agent runs, newest first, with how many of each run's changes were accepted and rejected. */
    async agentLog(teamId: string, offset: number, limit: number) {
      const where = and(eq(proposals.teamId, teamId), eq(proposals.source, 'agent'));
      const [total] = await db.select({ n: count() }).from(proposals).where(where);
      const counted = (state: ProposalChangeState) =>
        sql<number>`count(*) filter (where ${proposalChanges.state} = ${state})`.mapWith(Number);
      const rows = await db
        .select({
          proposal: proposals,
          proposed: sql<number>`count(${proposalChanges.changeId})`.mapWith(Number),
          accepted: counted('accepted'),
          rejected: counted('rejected'),
        })
        .from(proposals)
        .leftJoin(proposalChanges, eq(proposalChanges.proposalId, proposals.id))
        .where(where)
        .groupBy(proposals.id)
        .orderBy(desc(proposals.createdAt), desc(proposals.id))
        .offset(offset)
        .limit(limit);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
export type ProposalRepository = ReturnType<typeof createProposalRepository>;
