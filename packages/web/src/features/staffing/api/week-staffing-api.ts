import type { Availability } from '@rotaboard/core/contracts/availability';
import type {
  AcceptResult,
  AgentRunInput,
  AgentRunResult,
  ProposalDto,
  RejectResult,
  UndoResult,
} from '@rotaboard/core/contracts/proposals';
import type { ValidatePeriodResult } from '@rotaboard/core/contracts/schedule-agent';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

// Types only from the contracts: this module is in the schedule's first load, and zod is not.

const team = (teamId: string) => ({ id: teamId });
// The last answer stays on screen while the next is fetched: what `keepPreviousData` does, but that
// import lands in the entry chunk beside the query library (about 0.1 KB more on every page).
const keepPrevious = <T>(previous: T | undefined) => previous;

/** One person's availability as GET /api/teams/{id}/availability lists it. */
export type StaffAvailability = Availability & { staffId: string };

/**
 * The week's violations and coverage. Keyed on when the week's shifts were last fetched, so every
 * change to them (ours, or another administrator's through live updates) checks the week again; the
 * last answer stays on screen meanwhile.
 */
export const validatePeriodQueryOptions = (
  teamId: string,
  startDate: string,
  endDate: string,
  shiftsFetchedAt: number,
) =>
  queryOptions({
    // Under …scheduleAgent(): saving the settings (features/staffing) checks the week again.
    queryKey: queryKeys.team(teamId).validatePeriod(startDate, endDate, shiftsFetchedAt),
    queryFn: (): Promise<ValidatePeriodResult> =>
      unwrap(
        api.POST('/api/teams/{id}/schedule-agent/validate-period', {
          params: { path: team(teamId) },
          body: { startDate, endDate },
        }),
      ),
    placeholderData: keepPrevious,
    // A refusal (a Free team, a lost role) says so in the week tools; asking again changes nothing.
    retry: false,
  });

export const teamAvailabilityQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).availability(startDate, endDate),
    queryFn: async (): Promise<StaffAvailability[]> =>
      (
        await unwrap(
          api.GET('/api/teams/{id}/availability', {
            params: { path: team(teamId), query: { startDate, endDate } },
          }),
        )
      ).availability,
    placeholderData: keepPrevious,
    retry: false,
  });

export const proposalQueryOptions = (teamId: string, proposalId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).proposals(proposalId),
    queryFn: (): Promise<ProposalDto> =>
      unwrap(
        api.GET('/api/teams/{id}/proposals/{proposalId}', { params: { path: { id: teamId, proposalId } } }),
      ),
    retry: false,
  });

export function agentCalls(teamId: string) {
  const proposal = (proposalId: string) => ({ path: { id: teamId, proposalId } });
  return {
    run: (input: AgentRunInput): Promise<AgentRunResult> =>
      unwrap(
        api.POST('/api/teams/{id}/schedule-agent/runs', { params: { path: team(teamId) }, body: input }),
      ),
    accept: (proposalId: string, changeIds: string[]): Promise<AcceptResult> =>
      unwrap(
        api.POST('/api/teams/{id}/proposals/{proposalId}/accept', {
          params: proposal(proposalId),
          body: { changeIds },
        }),
      ),
    reject: (proposalId: string, changeIds: string[]): Promise<RejectResult> =>
      unwrap(
        api.POST('/api/teams/{id}/proposals/{proposalId}/reject', {
          params: proposal(proposalId),
          body: { changeIds },
        }),
      ),
    undo: (proposalId: string): Promise<UndoResult> =>
      unwrap(api.POST('/api/teams/{id}/proposals/{proposalId}/undo', { params: proposal(proposalId) })),
  };
}
