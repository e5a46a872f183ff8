import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { readStorage, writeStorage } from './storage';

/**
 * The theme without React: the public pages' theme switch is a plain script (site/entry-client.tsx),
 * which must not load React for it; `useTheme` (lib/theme.ts) reads the same store.
 */
export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

/** The stored choice, else the system preference (the same rule as the inline script in index.html). */
export function currentTheme(): Theme {
  if (typeof document !== 'undefined') {
    return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
  }
  return readStorage(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  apply(theme);
  for (const listener of listeners) listener();
}

/** Calls `listener` when the theme changes, here or in another tab (which this tab then follows). */
export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.theme || (event.newValue !== 'light' && event.newValue !== 'dark')) return;
    apply(event.newValue);
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
