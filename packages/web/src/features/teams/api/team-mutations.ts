import type { MessageResponse } from '@rotaboard/core/contracts/common';
import type { CreateTeamInput, TeamDto, UpdateTeamInput } from '@rotaboard/core/contracts/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import {
  getSelectedTeamId,
  setSelectedTeamId,
  teamQueryOptions,
  teamsQueryOptions,
} from '../../../lib/teams';

const team = (teamId: string) => ({ path: { id: teamId } });

/** POST /api/teams: the new team is added to the list. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTeamInput): Promise<TeamDto> => unwrap(api.POST('/api/teams', { body: input })),
    onSuccess: (team) => {
      queryClient.setQueryData(teamsQueryOptions().queryKey, (teams) => (teams ? [...teams, team] : [team]));
      void queryClient.invalidateQueries({ queryKey: teamsQueryOptions().queryKey });
    },
  });
}

/** PUT /api/teams/{id} with the hash it was read with (409 STALE_HASH when someone changed it). */
export function useUpdateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, input }: { teamId: string; input: UpdateTeamInput }): Promise<TeamDto> =>
      unwrap(api.PUT('/api/teams/{id}', { params: team(teamId), body: input })),
    onSuccess: (team) => {
      queryClient.setQueryData(teamQueryOptions(team.teamId).queryKey, team);
      queryClient.setQueryData(teamsQueryOptions().queryKey, (teams) =>
        teams?.map((item) => (item.teamId === team.teamId ? team : item)),
      );
      // The owner may have joined or left the staff list.
      void queryClient.invalidateQueries({ queryKey: teamsQueryOptions().queryKey });
    },
  });
}

/** DELETE /api/teams/{id} (owner only). A deleted selected team is no longer selected. */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string): Promise<MessageResponse> =>
      unwrap(api.DELETE('/api/teams/{id}', { params: team(teamId) })),
    onSuccess: (_result, teamId) => {
      if (getSelectedTeamId() === teamId) setSelectedTeamId(null);
      queryClient.setQueryData(teamsQueryOptions().queryKey, (teams) =>
        teams?.filter((team) => team.teamId !== teamId),
      );
      queryClient.removeQueries({ queryKey: teamQueryOptions(teamId).queryKey });
      void queryClient.invalidateQueries({ queryKey: teamsQueryOptions().queryKey, exact: true });
    },
  });
}
