import { detectRegion, type Region } from '@rotaboard/core/regions/regions';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

const listeners = new Set<() => void>();

/** The browser's own IANA zone ("Europe/London"); a new team starts in it (issue 41). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The stored region, else one guessed from the browser's language and time zone. */
export function currentRegion(): Region {
  return detectRegion({
    stored: readStorage(STORAGE_KEYS.preferredRegion),
    language: typeof navigator === 'undefined' ? undefined : navigator.language,
    timeZone: browserTimeZone(),
  });
}

export function setRegion(region: Region): void {
  writeStorage(STORAGE_KEYS.preferredRegion, region);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useRegion(): Region {
  return useSyncExternalStore(subscribe, currentRegion, currentRegion);
}
