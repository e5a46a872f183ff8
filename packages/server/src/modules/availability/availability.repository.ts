import { and, between, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import { staffAvailability } from '../../db/schema.ts';

export type AvailabilityRow = typeof staffAvailability.$inferSelect;
type Window = { startTime: string | null; endTime: string | null; kind: 'unavailable' | 'preferred' };
export type AvailabilitySet = {
  weekly: (Window & { weekday: number })[];
  dates: (Window & { date: string })[];
};

/** 'HH:MM:SS' as PostgreSQL's `time` returns it → the 'HH:MM' of the contract. */
const clock = (time: string | null) => time?.slice(0, 5) ?? null;

/** Rows into one set per person, weekly and dated entries apart (unsorted). */
function toSets(rows: AvailabilityRow[]): Map<string, AvailabilitySet> {
  const sets = new Map<string, AvailabilitySet>();
  for (const row of rows) {
    const set = sets.get(row.staffId) ?? { weekly: [], dates: [] };
    const window = { startTime: clock(row.startTime), endTime: clock(row.endTime), kind: row.kind };
    if (row.weekday !== null) set.weekly.push({ weekday: row.weekday, ...window });
    else if (row.availableDate !== null) set.dates.push({ date: row.availableDate, ...window });
    sets.set(row.staffId, set);
  }
  return sets;
}

/** All database access for staff availability; no rules here. */
export function createAvailabilityRepository(db: Db) {
  return {
    /** One person's rows, split into weekly and dated entries (unsorted). */
    async listForStaff(teamId: string, staffId: string): Promise<AvailabilitySet> {
      const rows = await db
        .select()
        .from(staffAvailability)
        .where(and(eq(staffAvailability.teamId, teamId), eq(staffAvailability.staffId, staffId)));
      return toSets(rows).get(staffId) ?? { weekly: [], dates: [] };
    },

    /** Everyone's weekly entries and their dated entries from `startDate` to `endDate`, per staffId. */
    async listForTeam(
      teamId: string,
      startDate: string,
      endDate: string,
    ): Promise<Map<string, AvailabilitySet>> {
      const rows = await db
        .select()
        .from(staffAvailability)
        .where(
          and(
            eq(staffAvailability.teamId, teamId),
            or(
              isNotNull(staffAvailability.weekday),
              between(staffAvailability.availableDate, startDate, endDate),
            ),
          ),
        );
      return toSets(rows);
    },

    /** Replaces one person's whole set; call inside the transaction that audits it. */
    async replaceForStaff(teamId: string, staffId: string, set: AvailabilitySet): Promise<void> {
      await db
        .delete(staffAvailability)
        .where(and(eq(staffAvailability.teamId, teamId), eq(staffAvailability.staffId, staffId)));
      const rows = [
        ...set.weekly.map((entry) => ({
          teamId,
          staffId,
          weekday: entry.weekday,
          startTime: entry.startTime,
          endTime: entry.endTime,
          kind: entry.kind,
        })),
        ...set.dates.map((entry) => ({
          teamId,
          staffId,
          availableDate: entry.date,
          startTime: entry.startTime,
          endTime: entry.endTime,
          kind: entry.kind,
        })),
      ];
      if (rows.length) await db.insert(staffAvailability).values(rows);
    },
  };
}

export type AvailabilityRepository = ReturnType<typeof createAvailabilityRepository>;
