import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/teams/defaults';
import { apiRequest } from '../../../lib/api-client';
import { readStorage } from '../../../lib/storage';
import { updateProfile } from '../../../lib/users';

function defaultWeekStartDay(): number {
  const stored = Number(readStorage(STORAGE_KEYS.defaultWeekStartDay) ?? DEFAULT_WEEK_START_DAY);
  return Number.isInteger(stored) && stored >= 0 && stored <= 6 ? stored : DEFAULT_WEEK_START_DAY;
}

export interface CompleteProfileInput {
  firstName: string;
  lastName: string;
  /** Present when the server asked us to offer a first team. */
  team?: { teamName: string; ownerInStaffList: boolean };
}

/** PUT /api/users/me, then (when offered) POST /api/teams. Returns the created team, if any. */
export async function completeProfile(input: CompleteProfileInput): Promise<TeamDto | null> {
  await updateProfile({ firstName: input.firstName, lastName: input.lastName });
  if (!input.team) return null;
  return apiRequest<TeamDto>('POST', '/api/teams', {
    teamName: input.team.teamName.trim(),
    weekStartDay: defaultWeekStartDay(),
    ownerInStaffList: input.team.ownerInStaffList,
  });
}
