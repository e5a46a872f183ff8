import type { Db } from '../../db/db.ts';
import { createShiftRepository, type ShiftRepository } from './shift.repository.ts';

/**
 * What other modules may read of the schedule, over `db` (a transaction or the pool): a team's or a
 * person's entries in a range, entries by id, the next shift, the shifts as cost reads them. Every change goes through the shift
 * service (its checks, audit, cache and live update); the repository stays this module's.
 */
export type ScheduleReads = Pick<
  ShiftRepository,
  | 'findInTeam'
  | 'findManyInTeam'
  | 'listForTeam'
  | 'costEntriesForTeam'
  | 'listForStaff'
  | 'nextForStaff'
  | 'readForTeam'
  | 'staffWithEntries'
>;

export const scheduleReads = (db: Db): ScheduleReads => createShiftRepository(db);
