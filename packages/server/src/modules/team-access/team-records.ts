import type { Db } from '../../db/db.ts';
import { createTeamRepository, type TeamRepository } from './team.repository.ts';

/**
 * What the teams module may read and change of the team rows themselves, over `db` (a transaction or
 * the pool): it creates, edits and deletes them and counts an owner's. Access to a team is
 * `teamAccessOf` / `teamsOfUser` (team-access.ts); writes to a team's data go through `teamCommand`.
 * The repository stays this module's.
 */
export type TeamRecords = Pick<TeamRepository, 'countOwnedBy' | 'insert' | 'update' | 'delete' | 'lock'>;

export const teamRecords = (db: Db): TeamRecords => createTeamRepository(db);
