import { useSyncExternalStore } from 'react';

/**
 * What the live connection has told us, for any feature to read: who else is looking at a team, and
 * which shifts someone else changed (so an open editor can warn before overwriting).
 */
export type Viewer = { userId: string; name: string };
export type RemoteChange = { name: string; at: number };

type State = {
  presence: { teamId: string; viewers: Viewer[] } | null;
  shiftChanges: ReadonlyMap<string, RemoteChange>;
};

const EMPTY_VIEWERS: Viewer[] = [];
let state: State = { presence: null, shiftChanges: new Map() };
const listeners = new Set<() => void>();

function update(next: Partial<State>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setPresence(presence: { teamId: string; viewers: Viewer[] } | null): void {
  update({ presence });
}

/** Someone else changed these shifts just now. */
export function recordShiftChanges(ids: readonly string[], name: string, at = Date.now()): void {
  if (ids.length === 0) return;
  const next = new Map(state.shiftChanges);
  for (const id of ids) next.set(id, { name, at });
  update({ shiftChanges: next });
}

export function resetLiveUpdates(): void {
  update({ presence: null, shiftChanges: new Map() });
}

export function getShiftChange(shiftId: string): RemoteChange | undefined {
  return state.shiftChanges.get(shiftId);
}

/** Everyone looking at `teamId` right now (you included), as the server last said. */
export function useViewers(teamId: string | null | undefined): Viewer[] {
  return useSyncExternalStore(
    subscribe,
    () => (teamId && state.presence?.teamId === teamId ? state.presence.viewers : EMPTY_VIEWERS),
    () => EMPTY_VIEWERS,
  );
}

/** Who else changed this shift since `since` (ms), if anyone. */
export function useRemoteShiftChange(shiftId: string | null | undefined, since: number): RemoteChange | null {
  const change = useSyncExternalStore(
    subscribe,
    () => (shiftId ? state.shiftChanges.get(shiftId) : undefined),
    () => undefined,
  );
  return change && change.at >= since ? change : null;
}
