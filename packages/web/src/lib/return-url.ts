import { isSafeReturnUrl } from '@rotaboard/core/auth/return-url';
import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * Where to go after signing in. The emailed link may open in another tab, so the place is kept in
 * localStorage as well as in the /login query.
 */
export function rememberReturnUrl(url: string): void {
  if (isSafeReturnUrl(url)) writeStorage(STORAGE_KEYS.returnUrl, url);
}

/** The first safe candidate (query, then stored); the stored one is used once and forgotten. */
export function takeReturnUrl(fromQuery: string | null | undefined): string | null {
  const stored = readStorage(STORAGE_KEYS.returnUrl);
  removeStorage(STORAGE_KEYS.returnUrl);
  if (isSafeReturnUrl(fromQuery)) return fromQuery;
  if (isSafeReturnUrl(stored)) return stored;
  return null;
}

export function forgetReturnUrl(): void {
  removeStorage(STORAGE_KEYS.returnUrl);
}

/** A router location (from navigation state) as a path, when it is one we may go back to. */
export function locationToUrl(from: unknown): string | null {
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search } = from as { pathname?: unknown; search?: unknown };
  if (typeof pathname !== 'string') return null;
  const url = `${pathname}${typeof search === 'string' ? search : ''}`;
  if (!isSafeReturnUrl(url) || url.startsWith('/login') || url.startsWith('/logout')) return null;
  return url;
}
