import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { DEFAULT_WEEK_START_DAY } from '@rotaboard/core/teams/defaults';
import { ApiError, api, unwrap } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/region';
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
  const team = {
    teamName: input.team.teamName.trim(),
    weekStartDay: defaultWeekStartDay(),
    ownerInStaffList: input.team.ownerInStaffList,
  };
  // The team's clocks start as the browser's (issue 41); the owner changes them in the team's settings.
  const timeZone = browserTimeZone();
  if (!timeZone) return unwrap(api.POST('/api/teams', { body: team }));
  try {
    return await unwrap(api.POST('/api/teams', { body: { ...team, timeZone } }));
  } catch (error) {
    // A zone the server's rules do not know (an odd browser's "Etc/Unknown"): the team starts in UTC
    // rather than the first team not being made at all.
    if (
      error instanceof ApiError &&
      error.status === 400 &&
      error.errors?.some((e) => e.path === 'timeZone')
    ) {
      return unwrap(api.POST('/api/teams', { body: team }));
    }
    throw error;
  }
}
