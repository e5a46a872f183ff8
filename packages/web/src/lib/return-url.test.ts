import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locationToUrl, rememberReturnUrl, takeReturnUrl } from './return-url';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, value);
    },
  };
}

beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe('return URL after sign-in', () => {
  it('prefers the query, and forgets the stored one once used', () => {
    rememberReturnUrl('/settings');
    expect(takeReturnUrl('/schedule/2026-11-23')).toBe('/schedule/2026-11-23');
    expect(localStorage.getItem(STORAGE_KEYS.returnUrl)).toBeNull();
  });

  it('falls back to the stored one (the link may open in another tab)', () => {
    rememberReturnUrl('/staff?x=1');
    expect(takeReturnUrl(null)).toBe('/staff?x=1');
    expect(takeReturnUrl(null)).toBeNull();
  });

  it('never follows an address off this site', () => {
    rememberReturnUrl('//evil.example');
    expect(localStorage.getItem(STORAGE_KEYS.returnUrl)).toBeNull();
    expect(takeReturnUrl('https://evil.example')).toBeNull();
    expect(takeReturnUrl('/a//b')).toBeNull();
  });

  it('reads a router location, but not the login pages themselves', () => {
    expect(locationToUrl({ pathname: '/schedule', search: '?a=1' })).toBe('/schedule?a=1');
    expect(locationToUrl({ pathname: '/login', search: '' })).toBeNull();
    expect(locationToUrl('nope')).toBeNull();
  });
});
