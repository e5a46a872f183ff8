import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { payRates, teams } from '../../db/schema.ts';
import { invalidateReads, memoTags } from '../../db/shared-read-memo.ts';

export type PayRateRow = typeof payRates.$inferSelect;

/** What cost reads of a team: its money, its weeks, its zone and its labour settings (as stored). */
export type TeamLabourRow = {
  currency: string;
  weekStartDay: number;
  timeZone: string;
  weeklyBudgetMinor: number | null;
  overtimeAfterMinutes: number | null;
  overtimeMultiplierHundredths: number;
};

export type StoredLabourSettings = Pick<
  TeamLabourRow,
  'weeklyBudgetMinor' | 'overtimeAfterMinutes' | 'overtimeMultiplierHundredths'
>;

/** All database access of labour cost (issue 43): pay rates and the team's labour columns; no rules. */
export function createLabourRepository(db: Db) {
  return {
    /** One person's rates, newest first. */
    async listForStaff(teamId: string, staffId: string): Promise<PayRateRow[]> {
      return db
        .select()
        .from(payRates)
        .where(and(eq(payRates.teamId, teamId), eq(payRates.staffId, staffId)))
        .orderBy(desc(payRates.effectiveFrom));
    },

    /** Every rate of the team's staff that starts on or before `until` (later ones cost nothing yet). */
    async listForTeam(teamId: string, until: string) {
      return db
        .select({
          staffId: payRates.staffId,
          effectiveFrom: payRates.effectiveFrom,
          hourlyRateMinor: payRates.hourlyRateMinor,
        })
        .from(payRates)
        .where(and(eq(payRates.teamId, teamId), lte(payRates.effectiveFrom, until)))
        .orderBy(asc(payRates.staffId), asc(payRates.effectiveFrom));
    },

    /** A rate of this person in this team, locked until the transaction ends, or null. */
    async findForStaff(teamId: string, staffId: string, payRateId: string): Promise<PayRateRow | null> {
      const [row] = await db
        .select()
        .from(payRates)
        .where(and(eq(payRates.teamId, teamId), eq(payRates.staffId, staffId), eq(payRates.id, payRateId)))
        .for('update');
      return row ?? null;
    },

    /** Adds a rate; null when the person already has one from that date (nothing is written). */
    async insert(values: {
      teamId: string;
      staffId: string;
      effectiveFrom: string;
      hourlyRateMinor: number;
    }): Promise<PayRateRow | null> {
      const [row] = await db
        .insert(payRates)
        .values(values)
        .onConflictDoNothing({ target: [payRates.staffId, payRates.effectiveFrom] })
        .returning();
      return row ?? null;
    },

    async delete(payRateId: string): Promise<void> {
      await db.delete(payRates).where(eq(payRates.id, payRateId));
    },

    /** The team's labour columns, or null when the team is gone. */
    async teamLabour(teamId: string): Promise<TeamLabourRow | null> {
      const [row] = await db
        .select({
          currency: teams.currency,
          weekStartDay: teams.weekStartDay,
          timeZone: teams.timeZone,
          weeklyBudgetMinor: teams.weeklyBudgetMinor,
          overtimeAfterMinutes: teams.overtimeAfterMinutes,
          overtimeMultiplierHundredths: teams.overtimeMultiplierHundredths,
        })
        .from(teams)
        .where(eq(teams.id, teamId));
      return row ?? null;
    },

    /**
     * Stores the team's labour settings; call it in the auditing transaction. `updated_at` is left
     * alone: it is part of the team form's hash, which a budget change must not make stale.
     */
    async saveSettings(teamId: string, settings: StoredLabourSettings): Promise<void> {
      await db.update(teams).set(settings).where(eq(teams.id, teamId));
      // The team row is remembered with the caller's access (team.repository.ts): it holds these columns.
      await invalidateReads(db, [memoTags.team(teamId)]);
    },
  };
}
export type LabourRepository = ReturnType<typeof createLabourRepository>;
