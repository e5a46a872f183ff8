import { useSyncExternalStore } from 'react';
import { currentTheme, subscribeToTheme, type Theme } from './theme-store';

export { currentTheme, setTheme, type Theme } from './theme-store';

export function useTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, currentTheme, () => 'light' as Theme);
}
