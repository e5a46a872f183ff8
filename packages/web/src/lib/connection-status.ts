import { useSyncExternalStore } from 'react';

/**
 * Whether the server could be reached. `hasIssue` turns on at the first failed request; `isFailing`
 * says whether the last request failed too, so the banner can tell a passing blip from an outage.
 */
export interface ConnectionStatus {
  hasIssue: boolean;
  isFailing: boolean;
}

const INITIAL: ConnectionStatus = { hasIssue: false, isFailing: false };
let status: ConnectionStatus = INITIAL;
const listeners = new Set<() => void>();

function set(next: ConnectionStatus): void {
  if (next.hasIssue === status.hasIssue && next.isFailing === status.isFailing) return;
  status = next;
  for (const listener of listeners) listener();
}

export function reportNetworkFailure(): void {
  set({ hasIssue: true, isFailing: true });
}

export function reportNetworkSuccess(): void {
  if (status.isFailing) set({ hasIssue: true, isFailing: false });
}

export function dismissConnectionIssue(): void {
  set(INITIAL);
}

export function getConnectionStatus(): ConnectionStatus {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useConnectionStatus(): ConnectionStatus {
  return useSyncExternalStore(subscribe, getConnectionStatus, () => INITIAL);
}

/**
 * The live (hub) connection, once it had connected: `ok`, `recovering` while it retries (or waits to
 * start again), `down` once it has given up. Kept apart from the HTTP status above.
 */
export type HubHealth = 'ok' | 'recovering' | 'down';

let hubHealth: HubHealth = 'ok';
const hubListeners = new Set<() => void>();

export function reportHubHealth(next: HubHealth): void {
  if (next === hubHealth) return;
  hubHealth = next;
  for (const listener of hubListeners) listener();
}

export function getHubHealth(): HubHealth {
  return hubHealth;
}

function subscribeHub(listener: () => void): () => void {
  hubListeners.add(listener);
  return () => {
    hubListeners.delete(listener);
  };
}

export function useHubHealth(): HubHealth {
  return useSyncExternalStore(subscribeHub, getHubHealth, () => 'ok' as const);
}
