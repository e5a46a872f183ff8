import type { AgentLogsResponse } from '@rotaboard/core/contracts/proposals';
import type { StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { AGENT_LOG_PAGE_SIZE } from '../utils/staffing-form';

const agentPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/schedule-agent`;

/** A refusal (403 on Free, 404 for someone not on the team) is an answer: asking again will not change it. */
const retryUnlessRefused = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** GET …/schedule-agent: the team's coverage and rules (the defaults until something is saved). */
export const staffingSettingsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: ['teams', teamId, 'schedule-agent', 'settings'] as const,
    queryFn: () => apiRequest<StaffingSettings>('GET', agentPath(teamId)),
    retry: retryUnlessRefused,
  });

/** PUT replaces coverage and rules as a whole; the answer is what was stored, put straight into the cache. */
export function useSaveStaffingSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StaffingSettings) =>
      apiRequest<StaffingSettings>('PUT', agentPath(teamId), settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(staffingSettingsQueryOptions(teamId).queryKey, saved);
      // Whatever else was read under …/schedule-agent (the grid's validation of a period) was judged
      // against the old settings.
      void queryClient.invalidateQueries({
        queryKey: ['teams', teamId, 'schedule-agent'],
        predicate: (query) => query.queryKey[3] !== 'settings',
      });
    },
  });
}

/** GET …/schedule-agent/logs: the agent's runs, newest first, one page of them. */
export const agentLogsQueryOptions = (teamId: string, page: number) =>
  queryOptions({
    queryKey: ['teams', teamId, 'schedule-agent', 'logs', page] as const,
    queryFn: () => {
      const search = new URLSearchParams({
        offset: String((page - 1) * AGENT_LOG_PAGE_SIZE),
        limit: String(AGENT_LOG_PAGE_SIZE),
      });
      return apiRequest<AgentLogsResponse>('GET', `${agentPath(teamId)}/logs?${search}`);
    },
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
