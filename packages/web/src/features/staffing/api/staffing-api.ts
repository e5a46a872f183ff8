import type { AgentLogsResponse } from '@rotaboard/core/contracts/proposals';
import type { StaffingSettings } from '@rotaboard/core/contracts/schedule-agent';
import { hashKey, keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { AGENT_LOG_PAGE_SIZE } from '../utils/staffing-form';

const team = (teamId: string) => ({ path: { id: teamId } });

/** A refusal (403 on Free, 404 for someone not on the team) is an answer: asking again will not change it. */
const retryUnlessRefused = (count: number, error: unknown) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2;

/** GET …/schedule-agent: the team's coverage and rules (the defaults until something is saved). */
export const staffingSettingsQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).staffingSettings(),
    queryFn: (): Promise<StaffingSettings> =>
      unwrap(api.GET('/api/teams/{id}/schedule-agent', { params: team(teamId) })),
    retry: retryUnlessRefused,
  });

/** PUT replaces coverage and rules as a whole; the answer is what was stored, put straight into the cache. */
export function useSaveStaffingSettings(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StaffingSettings): Promise<StaffingSettings> =>
      unwrap(api.PUT('/api/teams/{id}/schedule-agent', { params: team(teamId), body: settings })),
    onSuccess: (saved) => {
      queryClient.setQueryData(staffingSettingsQueryOptions(teamId).queryKey, saved);
      // Whatever else was read under …/schedule-agent (the grid's validation of a period) was judged
      // against the old settings.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.team(teamId).scheduleAgent(),
        predicate: (query) => query.queryHash !== hashKey(queryKeys.team(teamId).staffingSettings()),
      });
    },
  });
}

/** GET …/schedule-agent/logs: the agent's runs, newest first, one page of them. */
export const agentLogsQueryOptions = (teamId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).agentLogs(page),
    queryFn: (): Promise<AgentLogsResponse> =>
      unwrap(
        api.GET('/api/teams/{id}/schedule-agent/logs', {
          params: {
            ...team(teamId),
            query: { offset: (page - 1) * AGENT_LOG_PAGE_SIZE, limit: AGENT_LOG_PAGE_SIZE },
          },
        }),
      ),
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
