import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSupportModeRecord,
  readSupportModeRecord,
  syncSupportModeRecord,
  writeSupportModeRecord,
} from './support-mode';

const user = {
  id: '4d02496e-9efb-4783-ac6e-97c030acef19',
  firstName: 'Una',
  lastName: 'User',
  email: 'una@example.com',
  subscriptionTier: 'free' as const,
  requestEmails: true,
  timeFormat: 'auto' as const,
};

describe('the impersonation record (spec 2 §3)', () => {
  const stored = new Map<string, string>();
  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the user and the end of the hour under the impersonation key', () => {
    writeSupportModeRecord({
      impersonatedUser: { firstName: 'Una', lastName: 'User', email: 'una@example.com' },
      expiresAt: '2026-11-24T19:00:00.000Z',
    });
    expect(JSON.parse(stored.get('impersonation')!)).toEqual({
      impersonatedUser: { firstName: 'Una', lastName: 'User', email: 'una@example.com' },
      expiresAt: '2026-11-24T19:00:00.000Z',
    });
    expect(readSupportModeRecord()?.impersonatedUser.firstName).toBe('Una');
    clearSupportModeRecord();
    expect(readSupportModeRecord()).toBeNull();
  });

  it('reads nothing from a damaged record', () => {
    for (const raw of ['{', '"text"', '{"expiresAt":5}', '{"expiresAt":"x","impersonatedUser":{}}']) {
      stored.set('impersonation', raw);
      expect(readSupportModeRecord(), raw).toBeNull();
    }
  });

  it('follows the server: written while it reports support mode, gone when it does not', () => {
    syncSupportModeRecord(user, {
      agentName: 'Sage Support',
      startedAt: '2026-11-24T18:00:00.000Z',
      expiresAt: '2026-11-24T19:00:00.000Z',
    });
    expect(readSupportModeRecord()).toEqual({
      impersonatedUser: { firstName: 'Una', lastName: 'User', email: 'una@example.com' },
      expiresAt: '2026-11-24T19:00:00.000Z',
    });
    syncSupportModeRecord(user, null);
    expect(readSupportModeRecord()).toBeNull();
  });
});
