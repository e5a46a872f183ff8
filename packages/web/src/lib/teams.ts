import type { StaffDto } from '@rotaboard/core/contracts/staff';
import type { TeamDto } from '@rotaboard/core/contracts/teams';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ApiError, api, unwrap } from './api-client';
import { useAuth } from './auth-context';
import { queryKeys } from './query-keys';
import { readStorage, removeStorage, writeStorage } from './storage';

/** Teams the signed-in user belongs to; shared by the header, schedule and staff pages. */
export const teamsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.teams(),
    queryFn: (): Promise<TeamDto[]> => unwrap(api.GET('/api/teams')),
  });

export const teamQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).all,
    queryFn: (): Promise<TeamDto> => unwrap(api.GET('/api/teams/{id}', { params: { path: { id: teamId } } })),
    retry: (count, error) =>
      !(error instanceof ApiError && error.status < 500 && error.status > 0) && count < 2,
  });

/** Everyone on a team's staff list, leavers included, in display order. */
export const teamStaffQueryOptions = (teamId: string) =>
  queryOptions({
    queryKey: queryKeys.team(teamId).staff(),
    queryFn: (): Promise<StaffDto[]> =>
      unwrap(
        api.GET('/api/teams/{id}/staff', { params: { path: { id: teamId }, query: { includeAll: 'true' } } }),
      ),
  });

// The selected team lives in localStorage and is shared by every component (and every tab).
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function getSelectedTeamId(): string | null {
  return readStorage(STORAGE_KEYS.selectedTeamId);
}

export function setSelectedTeamId(teamId: string | null): void {
  if (teamId) writeStorage(STORAGE_KEYS.selectedTeamId, teamId);
  else removeStorage(STORAGE_KEYS.selectedTeamId);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.selectedTeamId || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSelectedTeamId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedTeamId, () => null);
}

/** Administrators are the team's admins and its owner (spec 1 §6). */
export function isTeamAdmin(team: TeamDto | null | undefined, userId: string | null | undefined): boolean {
  return Boolean(team && (team.isAdmin || (userId && team.ownerId === userId)));
}

/** Only the owner deletes the team, changes ownerInStaffList and makes or unmakes administrators. */
export function isTeamOwner(team: TeamDto | null | undefined, userId: string | null | undefined): boolean {
  return Boolean(team && (team.isOwner || (userId && team.ownerId === userId)));
}

export interface SelectedTeam {
  teams: TeamDto[];
  team: TeamDto | null;
  isLoading: boolean;
  isError: boolean;
  isAdmin: boolean;
  isOwner: boolean;
}

/**
 * The team the user is working on: the stored choice when they still belong to it, else their first
 * team. A 404 for the stored team (no longer a member) clears the choice.
 */
export function useSelectedTeam(): SelectedTeam {
  const { status, user } = useAuth();
  // With the server unreachable at start-up we still try: the page was let through and may recover.
  const enabled = status === 'loggedIn' || status === 'unreachable';
  const selectedId = useSelectedTeamId();
  const teamsQuery = useQuery({ ...teamsQueryOptions(), enabled });
  const teams = teamsQuery.data ?? [];
  // Until the stored choice is corrected (effect below), the first team stands in for a missing one.
  const listed = teams.find((team) => team.teamId === selectedId) ?? teams[0] ?? null;
  const detailQuery = useQuery({
    ...teamQueryOptions(selectedId ?? ''),
    enabled: enabled && Boolean(selectedId),
  });

  const notMember = detailQuery.error instanceof ApiError && detailQuery.error.status === 404;
  useEffect(() => {
    if (notMember) setSelectedTeamId(null);
  }, [notMember]);

  useEffect(() => {
    if (!teamsQuery.data) return;
    const stillListed = teamsQuery.data.some((team) => team.teamId === selectedId);
    if (!stillListed) setSelectedTeamId(teamsQuery.data[0]?.teamId ?? null);
  }, [teamsQuery.data, selectedId]);

  const detail = detailQuery.data?.teamId === listed?.teamId ? detailQuery.data : undefined;
  const team = listed ? { ...listed, ...(detail ?? {}) } : null;
  return {
    teams,
    team,
    isLoading: enabled && teamsQuery.isPending,
    isError: teamsQuery.isError,
    isAdmin: isTeamAdmin(team, user?.id),
    isOwner: isTeamOwner(team, user?.id),
  };
}
