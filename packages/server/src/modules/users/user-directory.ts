import type { Db } from '../../db/db.ts';
import { createUserRepository, type UserRepository } from './user.repository.ts';

/**
 * What other modules may read and change of people's accounts, over `db` (a transaction or the
 * pool): finding people, signing in (find or create, the login time), the profile, email and
 * preferences their own screens change. The repository stays this module's.
 */
export type UserDirectory = Pick<
  UserRepository,
  | 'findById'
  | 'findByIds'
  | 'lockById'
  | 'emailTakenByOther'
  | 'belongsToAnyTeam'
  | 'findOrCreateByEmail'
  | 'recordLogin'
  | 'updateProfile'
  | 'updateEmail'
  | 'updatePreferences'
>;

export const userDirectory = (db: Db): UserDirectory => createUserRepository(db);
