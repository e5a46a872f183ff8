import { describe, expect, it } from 'vitest';
import { auditActorName } from '../src/audit/actor.ts';
import {
  minutesLeft,
  refusedInSupportMode,
  supportModeEnd,
  supportModeOver,
} from '../src/support/support-mode.ts';

const at = (iso: string) => new Date(iso);

describe('support mode rules', () => {
  it('counts whole minutes left, rounded up, never below zero', () => {
    const now = at('2026-01-01T10:00:00Z');
    expect(minutesLeft('2026-01-01T11:00:00Z', now)).toBe(60);
    expect(minutesLeft('2026-01-01T10:00:01Z', now)).toBe(1);
    expect(minutesLeft('2026-01-01T10:00:00Z', now)).toBe(0);
    expect(minutesLeft('2026-01-01T09:00:00Z', now)).toBe(0);
  });

  it('is over once ended or once the hour has passed', () => {
    const now = at('2026-01-01T10:00:00Z');
    expect(supportModeOver({ expiresAt: '2026-01-01T10:00:01Z' }, now)).toBe(false);
    expect(supportModeOver({ expiresAt: '2026-01-01T10:00:00Z' }, now)).toBe(true);
    expect(supportModeOver({ expiresAt: '2026-01-01T11:00:00Z', endedAt: now }, now)).toBe(true);
  });

  it('ends when ended early, at the hour when left running or ended late, and not yet while it lasts', () => {
    const expiresAt = at('2026-01-01T11:00:00Z');
    const early = at('2026-01-01T10:20:00Z');
    expect(supportModeEnd({ expiresAt, endedAt: early }, at('2026-01-01T12:00:00Z'))).toEqual(early);
    expect(supportModeEnd({ expiresAt, endedAt: at('2026-01-01T13:00:00Z') }, early)).toEqual(expiresAt);
    expect(supportModeEnd({ expiresAt, endedAt: null }, at('2026-01-01T12:00:00Z'))).toEqual(expiresAt);
    expect(supportModeEnd({ expiresAt, endedAt: null }, early)).toBeNull();
  });

  it('refuses exactly the listed routes', () => {
    expect(refusedInSupportMode('DELETE', '/api/teams/:id')).toBe(true);
    expect(refusedInSupportMode('PUT', '/api/teams/:id')).toBe(false);
    expect(refusedInSupportMode('POST', '/api/auth/logout-all-devices')).toBe(true);
    expect(refusedInSupportMode('POST', '/api/auth/logout')).toBe(false);
    expect(refusedInSupportMode('GET', undefined)).toBe(false);
  });

  it('names an agent acting as a user, and a user acting as themselves', () => {
    const hal = { firstName: 'Hal', lastName: 'Helper', email: 'help@x.test' };
    const ada = { firstName: 'Ada', lastName: 'Owner', email: 'ada@x.test' };
    expect(auditActorName(hal, ada)).toBe('Support (Hal Helper) as Ada Owner');
    expect(auditActorName(ada, null)).toBe('Ada Owner');
    expect(auditActorName(ada, { firstName: null, lastName: null, email: null })).toBe('Ada Owner');
    expect(auditActorName({ firstName: null, lastName: null, email: null }, null)).toBeNull();
  });
});
