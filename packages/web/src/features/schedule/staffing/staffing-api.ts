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
import { apiRequest } from '../../../lib/api-client';

// Types only from the contracts: this module is in the schedule's first load, and zod is not.

const base = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
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
    // Under ['teams', id, 'schedule-agent']: saving the settings (features/staffing) checks the week again.
    queryKey: ['teams', teamId, 'schedule-agent', 'validate', startDate, endDate, shiftsFetchedAt],
    queryFn: () =>
      apiRequest<ValidatePeriodResult>('POST', `${base(teamId)}/schedule-agent/validate-period`, {
        startDate,
        endDate,
      }),
    placeholderData: keepPrevious,
    // A refusal (a Free team, a lost role) says so in the week tools; asking again changes nothing.
    retry: false,
  });

export const teamAvailabilityQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'availability', startDate, endDate],
    queryFn: async () =>
      (
        await apiRequest<{ availability: StaffAvailability[] }>(
          'GET',
          `${base(teamId)}/availability?startDate=${startDate}&endDate=${endDate}`,
        )
      ).availability,
    placeholderData: keepPrevious,
    retry: false,
  });

export const proposalQueryOptions = (teamId: string, proposalId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'proposals', proposalId],
    queryFn: () =>
      apiRequest<ProposalDto>('GET', `${base(teamId)}/proposals/${encodeURIComponent(proposalId)}`),
    retry: false,
  });

export function agentCalls(teamId: string) {
  const proposal = (proposalId: string) => `${base(teamId)}/proposals/${encodeURIComponent(proposalId)}`;
  return {
    run: (input: AgentRunInput) =>
      apiRequest<AgentRunResult>('POST', `${base(teamId)}/schedule-agent/runs`, input),
    accept: (proposalId: string, changeIds: string[]) =>
      apiRequest<AcceptResult>('POST', `${proposal(proposalId)}/accept`, { changeIds }),
    reject: (proposalId: string, changeIds: string[]) =>
      apiRequest<RejectResult>('POST', `${proposal(proposalId)}/reject`, { changeIds }),
    undo: (proposalId: string) => apiRequest<UndoResult>('POST', `${proposal(proposalId)}/undo`),
  };
}
