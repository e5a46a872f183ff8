import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, SUPPORT_COOKIE } from '../src/lib/cookie-names.ts';
import { hashToken } from '../src/lib/tokens.ts';
import {
  actingUser,
  createIdentityResolver,
  type ResolvedSupportSession,
} from '../src/modules/auth/request-identity.ts';
import type { SessionWithUser } from '../src/modules/auth/session.repository.ts';
import type { UserRow } from '../src/modules/users/user.repository.ts';

/**
 * The one resolution of a browser's cookies, used by HTTP requests and websocket handshakes alike
 * (support-mode and realtime integration tests drive it through both); here its cases one by one.
 */
const agent = { id: 'agent-id', email: 'help@rotaboard.test' } as UserRow;
const user = { id: 'user-id', email: 'user@example.com' } as UserRow;
const session: SessionWithUser = {
  sessionId: 'session-id',
  createdAt: new Date('2026-11-01T00:00:00Z'),
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  lastSeenAt: new Date('2026-11-20T00:00:00Z'),
  user: agent,
};
const supportSession = { id: 'support-session-id' } as Extract<
  ResolvedSupportSession,
  { state: 'live' }
>['supportSession'];

function resolverWith(support: ResolvedSupportSession | null) {
  const asked: string[] = [];
  const resolve = createIdentityResolver({
    sessions: {
      async findLiveByTokenHash(tokenHash) {
        asked.push('session');
        return tokenHash === hashToken('good') ? session : null;
      },
    },
    supportSessions: {
      async resolve(forAgent, agentTokenHash, token) {
        asked.push('support');
        expect(forAgent).toBe(agent);
        expect(agentTokenHash).toBe(hashToken('good'));
        expect(token).toBe('support-token');
        return support;
      },
    },
  });
  return { resolve, asked };
}

describe('resolving a browser from its cookies', () => {
  it('asks the database nothing when no cookie is sent', async () => {
    const { resolve, asked } = resolverWith(null);
    const identity = await resolve({});
    expect(identity).toEqual({ session: null, support: { state: 'none' } });
    expect(actingUser(identity)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('finds the session of a good token, and nobody for another', async () => {
    const { resolve } = resolverWith(null);
    const good = await resolve({ [SESSION_COOKIE]: 'good' });
    expect(good.session).toMatchObject({ sessionId: 'session-id', tokenHash: hashToken('good') });
    expect(actingUser(good)).toBe(agent);
    expect((await resolve({ [SESSION_COOKIE]: 'forged' })).session).toBeNull();
  });

  it('takes a support cookie without its agent session, or not bound to it, for a leftover', async () => {
    const alone = resolverWith(null);
    expect((await alone.resolve({ [SUPPORT_COOKIE]: 'support-token' })).support).toEqual({
      state: 'leftover',
    });
    expect(alone.asked).toEqual([]);
    const unbound = resolverWith(null);
    const identity = await unbound.resolve({ [SESSION_COOKIE]: 'good', [SUPPORT_COOKIE]: 'support-token' });
    expect(identity.support).toEqual({ state: 'leftover' });
    expect(actingUser(identity)).toBe(agent);
  });

  it('makes a live support session the user’s; one that is over leaves the agent’s own', async () => {
    const cookies = { [SESSION_COOKIE]: 'good', [SUPPORT_COOKIE]: 'support-token' };
    const live = await resolverWith({ state: 'live', supportSession, user }).resolve(cookies);
    expect(live.support.state).toBe('live');
    expect(actingUser(live)).toBe(user);
    const over = await resolverWith({ state: 'over', supportSession }).resolve(cookies);
    expect(over.support.state).toBe('over');
    expect(actingUser(over)).toBe(agent);
  });
});
