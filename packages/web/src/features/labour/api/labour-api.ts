import type { LabourDto } from '@rotaboard/core/contracts/labour';
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What a range of the schedule costs (GET /labour, owner and administrators of Pro teams). Read again
 * when any shift, request, staff member, rate or the budget changes (lib/realtime-policy.ts), and
 * whenever the week's shifts are read again (useWeekLabour), so the administrator's own changes show
 * even with the live connection down.
 */
export const labourQueryOptions = (teamId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).labour(startDate, endDate),
    queryFn: (): Promise<LabourDto> =>
      unwrap(
        api.GET('/api/teams/{id}/labour', {
          params: { path: { id: teamId }, query: { startDate, endDate } },
        }),
      ),
  });
