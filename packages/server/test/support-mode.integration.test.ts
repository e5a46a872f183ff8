import { addDays } from '@rotaboard/core/dates/week';
import { HUB_PATH, HubEvents, SupportTicketUpdatedEventSchema } from '@rotaboard/core/realtime/events';
import {
  SUPPORT_MODE_EXPIRED_MESSAGE,
  SUPPORT_MODE_REFUSED_MESSAGE,
  SUPPORT_MODE_REFUSED_ROUTES,
} from '@rotaboard/core/support/support-mode';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, sessions, supportSessions, teams } from '../src/db/schema.ts';
import { client, createTestApp, engines, PUBLIC_URL, signIn, type TestApp } from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);
const HOUR_MS = 3_600_000;

/** The support cookie a response set, as a Cookie header fragment. */
function supportCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'rotaboard_support');
  if (!cookie?.value) throw new Error(`no support cookie (status ${res.statusCode}: ${res.body})`);
  return `rotaboard_support=${cookie.value}`;
}

describe.each(engines)('support mode on %s', (engine) => {
  let t: TestApp;
  let agentCookie = '';
  let n = 0;
  const email = (name: string) => `${name}.${++n}@example.com`;

  beforeAll(async () => {
    t = await createTestApp(engine, {
      SUPPORT_EMAILS: 'help@rotaboard.test,second@rotaboard.test,third@rotaboard.test',
    });
    agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => t.close());

  const agent = () => client(t.app, agentCookie);
  const idOf = async (call: ReturnType<typeof client>) => (await call('GET', '/api/auth/me')).json().user.id;

  /** An owner with a team, a person on it, a shift, and an open ticket. */
  async function world() {
    const ownerCookie = await signIn(t.app, email('owner'), { firstName: 'Ada', lastName: 'Owner' });
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Diner', ownerInStaffList: false })).json();
    const base = `/api/teams/${team.teamId}`;
    const person = (await owner('POST', `${base}/staff`, { firstName: 'Ann', lastName: 'Able' })).json();
    const shift = (
      await owner('POST', `${base}/shifts`, {
        staffId: person.staffId,
        shiftDate: addDays(today, 1),
        startTime: '09:00',
        endTime: '17:00',
      })
    ).json();
    const ticket = (
      await owner('POST', '/api/support/tickets', { title: 'Rota looks wrong', message: 'Please check' })
    ).json();
    return { owner, ownerCookie, ownerId: await idOf(owner), team, base, person, shift, ticket };
  }

  /** Starts support mode as the world's owner; returns a client for the agent's browser in it. */
  async function logInAs(w: Awaited<ReturnType<typeof world>>) {
    const res = await agent()('POST', `/api/auth/impersonate/${w.ownerId}`, { ticketId: w.ticket.id });
    expect(res.statusCode, res.body).toBe(200);
    const cookie = `${agentCookie}; ${supportCookie(res)}`;
    return { res, cookie, as: client(t.app, cookie) };
  }

  it('lets only agents log in as a user who has a ticket, never as another agent', async () => {
    const w = await world();
    const other = client(t.app, await signIn(t.app, email('other')));
    const noTicket = client(t.app, await signIn(t.app, email('quiet')));
    const second = client(t.app, await signIn(t.app, 'second@rotaboard.test'));

    // Not an agent: 403, even for a ticket's user; signed out: 401.
    const refused = await w.owner('POST', `/api/auth/impersonate/${await idOf(other)}`);
    expect(refused.statusCode).toBe(403);
    expect((await other('POST', `/api/auth/impersonate/${w.ownerId}`)).statusCode).toBe(403);
    expect((await client(t.app)('POST', `/api/auth/impersonate/${w.ownerId}`)).statusCode).toBe(401);
    // Someone without a ticket, or nobody: 404. Another agent: 403. Someone else's ticket id: 404.
    const quiet = await agent()('POST', `/api/auth/impersonate/${await idOf(noTicket)}`);
    expect(quiet.statusCode).toBe(404);
    expect(quiet.json().message).toBe('No ticket from this user was found');
    expect(
      (await agent()('POST', '/api/auth/impersonate/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await agent()('POST', '/api/auth/impersonate/not-an-id')).statusCode).toBe(400);
    const agentTarget = await agent()('POST', `/api/auth/impersonate/${await idOf(second)}`);
    expect(agentTarget.statusCode).toBe(403);
    expect(agentTarget.json().message).toBe('Support agents cannot log in as another support agent');
    const otherTicket = (
      await other('POST', '/api/support/tickets', { title: 'Mine', message: 'Not Ada’s' })
    ).json();
    expect(
      (await agent()('POST', `/api/auth/impersonate/${w.ownerId}`, { ticketId: otherTicket.id })).statusCode,
    ).toBe(404);
    // None of that started anything.
    expect(
      await t.database.db.select().from(supportSessions).where(eq(supportSessions.userId, w.ownerId)),
    ).toHaveLength(0);
  });

  it('acts as the user for an hour with the agent as the actor, and back to the agent’s own account', async () => {
    const w = await world();
    const agentId = await idOf(agent());
    const { res, as, cookie } = await logInAs(w);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      impersonatedUser: { firstName: 'Ada', lastName: 'Owner', email: expect.stringContaining('owner') },
    });
    const expiresIn = new Date(body.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(HOUR_MS - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(HOUR_MS);
    const set = res.cookies.find((c) => c.name === 'rotaboard_support')!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // The agent's own session cookie is left as it was.
    expect(res.cookies.find((c) => c.name === 'rotaboard_session')).toBeUndefined();

    // The browser is now the user's: their account, their team, and no agent powers.
    const me = (await as('GET', '/api/auth/me')).json();
    expect(me.user.id).toBe(w.ownerId);
    expect(me.supportMode).toEqual({
      agentName: 'Hal Helper',
      startedAt: expect.any(String),
      expiresAt: body.expiresAt,
    });
    expect((await as('GET', '/api/support/user/is-support')).json()).toEqual({ isSupportUser: false });
    expect((await as('GET', '/api/teams')).json().map((x: { teamId: string }) => x.teamId)).toEqual([
      w.team.teamId,
    ]);
    // The agent's cookie alone is still the agent; the user's own browser is unaffected.
    expect((await agent()('GET', '/api/auth/me')).json().user.id).toBe(agentId);
    expect((await w.owner('GET', '/api/auth/me')).json().supportMode).toBeUndefined();

    // A change made as the user is the agent's in the audit and the history.
    const moved = await as('PUT', `${w.base}/shifts/${w.shift.shiftId}`, {
      staffId: w.person.staffId,
      shiftDate: addDays(today, 1),
      startTime: '10:00',
      endTime: '17:00',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const history = (await w.owner('GET', `${w.base}/shifts/${w.shift.shiftId}/history`)).json();
    expect(history.history.map((h: { changedByName: string }) => h.changedByName)).toEqual([
      'Support (Hal Helper) as Ada Owner',
      'Ada Owner',
    ]);
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, w.shift.shiftId), eq(auditLog.action, 'UPDATE')));
    expect(row).toMatchObject({ changedBy: agentId, onBehalfOf: w.ownerId });
    // The team's audit report names the agent and the user alike.
    const report = (await w.owner('GET', `${w.base}/reports/audit?domain=shift`)).json();
    const reported = report.entries.find(
      (e: { subjectId: string; action: string }) => e.subjectId === w.shift.shiftId && e.action === 'UPDATE',
    );
    expect(reported?.actorName).toBe('Support (Hal Helper) as Ada Owner');
    // Ticket messages written in support mode are audited as the agent's too.
    await as('POST', `/api/support/tickets/${w.ticket.id}/messages`, { message: 'Fixed it for you' });
    const messageRows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'support_message'), eq(auditLog.onBehalfOf, w.ownerId)));
    expect(messageRows).toHaveLength(1);
    expect(messageRows[0]!.changedBy).toBe(agentId);

    // So are changes to the account itself (here the user's name).
    await as('PUT', '/api/users/me', { firstName: 'Ada', lastName: 'Owner-Smith' });
    const [nameRow] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'user'),
          eq(auditLog.entityId, w.ownerId),
          eq(auditLog.onBehalfOf, w.ownerId),
        ),
      );
    expect(nameRow).toMatchObject({
      changedBy: agentId,
      onBehalfOf: w.ownerId,
      oldValues: { lastName: 'Owner' },
      newValues: { lastName: 'Owner-Smith' },
    });
    await as('PUT', '/api/users/me', { firstName: 'Ada', lastName: 'Owner' });

    // The user sees the visit in their thread while it lasts.
    const during = (await w.owner('GET', `/api/support/tickets/${w.ticket.id}`)).json();
    expect(during.supportVisits).toEqual([
      { id: expect.any(String), agentName: 'Hal', startedAt: me.supportMode.startedAt, endedAt: null },
    ]);

    // Ending: the support cookie goes, the agent is themselves again, the visit has an end.
    const end = await client(t.app, cookie)('POST', '/api/auth/impersonate/end');
    expect(end.json()).toEqual({ success: true, message: 'You are back in your own account' });
    const cleared = end.cookies.find((c) => c.name === 'rotaboard_support');
    expect(cleared?.value).toBe('');
    expect((await agent()('GET', '/api/auth/me')).json()).toMatchObject({ user: { id: agentId } });
    expect((await agent()('GET', '/api/support/user/is-support')).json()).toEqual({ isSupportUser: true });
    expect((await agent()('POST', '/api/auth/impersonate/end')).json().success).toBe(false);
    const after = (await w.owner('GET', `/api/support/tickets/${w.ticket.id}`)).json();
    expect(after.supportVisits[0].endedAt).not.toBeNull();
    expect(new Date(after.supportVisits[0].endedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(after.supportVisits[0].startedAt).getTime(),
    );
    // Starting and ending are audited as the agent's, on behalf of the user.
    const sessionRows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'support_session'), eq(auditLog.onBehalfOf, w.ownerId)));
    expect(sessionRows.map((r) => [r.action, r.changedBy]).sort()).toEqual([
      ['ENDED', agentId],
      ['STARTED', agentId],
    ]);
    // A support cookie kept after its session ended opens nothing.
    const stale = await client(t.app, cookie)('GET', '/api/auth/me');
    expect(stale.statusCode).toBe(401);
  });

  it('refuses what only the account holder may do, and changes nothing', async () => {
    const w = await world();
    const { as } = await logInAs(w);
    const sessionsBefore = await t.database.db.select().from(sessions);
    const attempts: [string, string, object?][] = [
      ['POST', '/api/auth/change-email/initiate', { newEmail: 'thief@example.com' }],
      ['POST', '/api/auth/change-email/cancel'],
      [
        'POST',
        '/api/subscriptions/checkout',
        { successUrl: `${PUBLIC_URL}/a`, cancelUrl: `${PUBLIC_URL}/b`, currency: 'USD' },
      ],
      ['POST', '/api/subscriptions/portal', { returnUrl: `${PUBLIC_URL}/subscription` }],
      ['POST', '/api/billing/demo/checkout/cs_demo_x/pay'],
      ['PUT', '/api/billing/demo/portal/ps_demo_x/cancel-at-period-end', { cancel: true }],
      ['DELETE', w.base],
      ['POST', '/api/auth/logout-all-devices'],
      ['POST', `/api/auth/impersonate/${w.ownerId}`],
    ];
    for (const [method, url, payload] of attempts) {
      const res = await as(method as 'POST', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(SUPPORT_MODE_REFUSED_MESSAGE);
    }
    // Every route on the list exists (a renamed route would silently lose its protection).
    for (const [method, url] of SUPPORT_MODE_REFUSED_ROUTES) {
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url}`).toBe(true);
    }
    expect(await t.database.db.select().from(teams).where(eq(teams.id, w.team.teamId))).toHaveLength(1);
    expect(await t.database.db.select().from(sessions)).toHaveLength(sessionsBefore.length);
    expect((await as('GET', '/api/auth/change-email/status')).statusCode).toBe(200);
    // The user themselves may still do all of it.
    expect((await w.owner('POST', '/api/auth/change-email/cancel')).statusCode).not.toBe(403);
  });

  it('answers 401 to every request once the hour is over, until support mode is left', async () => {
    const w = await world();
    const agentId = await idOf(agent());
    const { cookie, as } = await logInAs(w);
    const startedAt = Date.now();

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(startedAt + HOUR_MS - 60_000);
    expect((await as('GET', '/api/auth/me')).json().user.id).toBe(w.ownerId);

    vi.setSystemTime(startedAt + HOUR_MS + 1000);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/teams'],
      ['GET', `/api/support/tickets/${w.ticket.id}`],
      ['PUT', `${w.base}/shifts/${w.shift.shiftId}`],
    ] as const) {
      const res = await as(method, url, method === 'PUT' ? { staffId: w.person.staffId } : undefined);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: SUPPORT_MODE_EXPIRED_MESSAGE, code: 'SUPPORT_MODE_ENDED' });
    }
    // The visit shows as one hour long, and leaving support mode gives the agent their account back.
    const visit = (await w.owner('GET', `/api/support/tickets/${w.ticket.id}`)).json().supportVisits[0];
    expect(new Date(visit.endedAt).getTime() - new Date(visit.startedAt).getTime()).toBe(HOUR_MS);
    const end = await client(t.app, cookie)('POST', '/api/auth/impersonate/end');
    expect(end.json().success).toBe(true);
    expect((await agent()('GET', '/api/auth/me')).json().user.id).toBe(agentId);
  });

  it('ends with the agent’s logout, and the support cookie means nothing beside another session', async () => {
    const w = await world();
    const { res } = await logInAs(w);
    const support = supportCookie(res);
    // Beside the user's own session (or any other), the cookie is dropped and changes nothing.
    const elsewhere = await client(t.app, `${w.ownerCookie}; ${support}`)('GET', '/api/auth/me');
    expect(elsewhere.json().supportMode).toBeUndefined();
    expect(elsewhere.cookies.find((c) => c.name === 'rotaboard_support')?.value).toBe('');
    expect((await client(t.app, support)('GET', '/api/auth/me')).statusCode).toBe(401);

    // Logging out in support mode ends support mode and the agent's own session.
    const agentCookie2 = await signIn(t.app, 'third@rotaboard.test');
    const started = await client(t.app, agentCookie2)('POST', `/api/auth/impersonate/${w.ownerId}`);
    const both = `${agentCookie2}; ${supportCookie(started)}`;
    expect((await client(t.app, both)('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await client(t.app, both)('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await client(t.app, agentCookie2)('GET', '/api/auth/me')).statusCode).toBe(401);
    const rows = await t.database.db
      .select()
      .from(supportSessions)
      .where(eq(supportSessions.userId, w.ownerId))
      .orderBy(supportSessions.startedAt);
    expect(rows.at(-1)).toMatchObject({ agentSessionId: null, endedAt: expect.any(Date) });
    // The user's own session was never touched.
    expect((await w.owner('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  it('ends support mode as a user when that user logs out of all devices', async () => {
    const w = await world();
    const { cookie, as } = await logInAs(w);
    expect((await as('GET', '/api/auth/me')).json().user.id).toBe(w.ownerId);
    expect((await w.owner('POST', '/api/auth/logout-all-devices')).statusCode).toBe(200);
    const after = await as('GET', '/api/auth/me');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SUPPORT_MODE_ENDED');
    const [ended] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'support_session'),
          eq(auditLog.action, 'ENDED'),
          eq(auditLog.changedBy, w.ownerId),
        ),
      );
    expect(ended).toBeDefined();
    // Leaving support mode still gives the agent their own account back.
    expect((await client(t.app, cookie)('POST', '/api/auth/impersonate/end')).json().success).toBe(true);
    expect((await agent()('GET', '/api/auth/me')).statusCode).toBe(200);
  });

  describe('live delivery', () => {
    let url = '';
    const sockets: Socket[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const address = t.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      url = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => {
      for (const s of sockets) s.disconnect();
    });

    async function hub(cookie: string) {
      const socket = connect(url, {
        path: HUB_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie },
      });
      sockets.push(socket);
      const received: string[] = [];
      socket.on(HubEvents.supportTicketUpdated, (e: unknown) =>
        received.push(SupportTicketUpdatedEventSchema.parse(e).ticketId),
      );
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, received };
    }
    async function until(check: () => boolean, what: string) {
      const started = Date.now();
      while (!check()) {
        if (Date.now() - started > 3000) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it('tells the ticket’s user and every agent of new messages, and no one else', async () => {
      const userCookie = await signIn(t.app, email('live'), { firstName: 'Lee', lastName: 'Live' });
      const user = client(t.app, userCookie);
      const outsiderCookie = await signIn(t.app, email('outsider'));
      const [u, a, o] = await Promise.all([hub(userCookie), hub(agentCookie), hub(outsiderCookie)]);

      const ticket = (
        await user('POST', '/api/support/tickets', { title: 'Live?', message: 'Hello' })
      ).json();
      await until(() => a.received.includes(ticket.id), 'the agent to hear of the new ticket');
      await agent()('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'Hi Lee' });
      await until(() => u.received.includes(ticket.id), 'the user to hear of the reply');
      await user('PUT', `/api/support/tickets/${ticket.id}/status`, { status: 'closed' });
      await until(
        () => a.received.filter((id) => id === ticket.id).length >= 3,
        'the agent to hear of the close',
      );
      expect(o.received).toEqual([]);
    });

    it('makes a support-mode connection the user’s, and closes it when support mode ends', async () => {
      const w = await world();
      const { cookie } = await logInAs(w);
      const acting = await hub(cookie);
      const own = await hub(agentCookie);
      // The ticket's news reaches the support-mode socket as the user's; it is not in the agents' room.
      const other = client(t.app, await signIn(t.app, email('someone')));
      const theirs = (await other('POST', '/api/support/tickets', { title: 'Other', message: 'x' })).json();
      await until(() => own.received.includes(theirs.id), 'the agent to hear of another ticket');
      await agent()('POST', `/api/support/tickets/${w.ticket.id}/messages`, { message: 'Looking now' });
      await until(() => acting.received.includes(w.ticket.id), 'the support-mode socket to hear');
      expect(acting.received).not.toContain(theirs.id);

      const closed = new Promise<void>((resolve) => acting.socket.once('disconnect', () => resolve()));
      await client(t.app, cookie)('POST', '/api/auth/impersonate/end');
      await closed;
      expect(own.socket.connected).toBe(true);
    });
  });
});
