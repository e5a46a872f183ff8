import type { Db } from '../../db/db.ts';
import { type AvailabilityRepository, createAvailabilityRepository } from './availability.repository.ts';

/** What other modules (the staffing rules) may read of people's availability; the repository stays here. */
export type AvailabilityReads = Pick<AvailabilityRepository, 'listForStaff' | 'listForTeam'>;

export const availabilityReads = (db: Db): AvailabilityReads => createAvailabilityRepository(db);
