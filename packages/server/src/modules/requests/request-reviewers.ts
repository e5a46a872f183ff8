import type { Db } from '../../db/db.ts';
import { createRequestRepository } from './request.repository.ts';

/** Who reviews a team's requests and claims (owner and administrators, as of the team's today): for open shifts, and whom a sick call or a sick cover taken is told to. */
export const requestReviewers = (db: Db) => {
  const repo = createRequestRepository(db);
  return { reviewers: repo.reviewers };
};
