import type { Db } from '../../db/db.ts';
import { createStaffRepository, type StaffRepository } from './staff.repository.ts';

/**
 * What other modules may read and change of a team's staff list, over `db` (a transaction or the
 * pool): a member by id or user, the list, the counts the plans limit, the weekly hours, and the
 * invitation fields the invites module keeps on a member's row. The repository stays this module's.
 */
export type StaffDirectory = Pick<
  StaffRepository,
  | 'findInTeam'
  | 'lockInTeam'
  | 'findByUser'
  | 'listForTeam'
  | 'counts'
  | 'listWeeklyHours'
  | 'emailUsedByOther'
  | 'update'
  | 'insert'
  | 'delete'
  | 'nextDisplayOrder'
  | 'findByInviteTokenHash'
>;

export const staffDirectory = (db: Db): StaffDirectory => createStaffRepository(db);
