import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { client, createTestApp, engines, outbox, signIn, type TestApp } from './support/harness.ts';

describe.each(engines)('support tickets on %s', (engine) => {
  let t: TestApp;
  let agentCookie = '';
  beforeAll(async () => {
    t = await createTestApp(engine);
    agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
  });
  afterAll(async () => t.close());

  it('lets a user open a ticket, the agent reply, and each side see what is unread', async () => {
    const user = client(
      t.app,
      await signIn(t.app, 'asker@example.com', { firstName: 'Ada', lastName: 'Asker' }),
    );
    const agent = client(t.app, agentCookie);
    const other = client(t.app, await signIn(t.app, 'nosy@example.com'));
    expect((await agent('GET', '/api/support/user/is-support')).json()).toEqual({ isSupportUser: true });
    expect((await user('GET', '/api/support/user/is-support')).json()).toEqual({ isSupportUser: false });

    // Validation: both fields after trimming, the bounds, the type.
    const blank = await user('POST', '/api/support/tickets', { title: '  ', message: 'Help' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please fill in all fields');
    expect(
      (await user('POST', '/api/support/tickets', { title: 'x'.repeat(101), message: 'm' })).json().message,
    ).toBe('The title can be at most 100 characters');
    expect(
      (await user('POST', '/api/support/tickets', { title: 't', message: 'm'.repeat(10_001) })).statusCode,
    ).toBe(400);
    expect(
      (await user('POST', '/api/support/tickets', { title: 't', message: 'm', type: 'Rant' })).statusCode,
    ).toBe(400);
    // Agents answer tickets; they do not open them.
    expect((await agent('POST', '/api/support/tickets', { title: 't', message: 'm' })).statusCode).toBe(403);

    const created = await user('POST', '/api/support/tickets', {
      title: ' Cannot publish ',
      message: 'The lock button does nothing',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json();
    expect(ticket).toMatchObject({
      title: 'Cannot publish',
      type: 'Help',
      status: 'open',
      unread: false,
      isSupportUser: false,
    });
    expect(ticket.messages).toEqual([
      expect.objectContaining({ role: 'user', content: 'The lock button does nothing' }),
    ]);
    expect(
      (await outbox(t.app)).some(
        (m) => m.to === 'help@rotaboard.test' && m.subject.includes('Cannot publish'),
      ),
    ).toBe(true);

    // Lists: the user sees theirs; the agent sees everyone's with the user id, unread.
    expect((await user('GET', '/api/support/tickets')).json()).toHaveLength(1);
    expect((await other('GET', '/api/support/tickets')).json()).toHaveLength(0);
    const queue = (await agent('GET', '/api/support/tickets')).json();
    expect(queue.find((x: { id: string }) => x.id === ticket.id)).toMatchObject({
      unread: true,
      priority: false,
    });
    expect((await agent('GET', '/api/notifications')).json().notifications).toContainEqual({
      type: 'support',
      teamId: null,
      teamName: null,
      pendingCount: expect.any(Number),
    });

    // Another user's ticket is not found; the agent sees it with the user's details and reads it.
    expect((await other('GET', `/api/support/tickets/${ticket.id}`)).statusCode).toBe(404);
    expect(
      (await other('POST', `/api/support/tickets/${ticket.id}/messages`, { message: 'me too' })).statusCode,
    ).toBe(404);
    const opened = (await agent('GET', `/api/support/tickets/${ticket.id}`)).json();
    expect(opened).toMatchObject({
      isSupportUser: true,
      unread: false,
      userDetails: {
        email: 'asker@example.com',
        firstName: 'Ada',
        subscriptionTier: 'free',
        stripeCustomerId: null,
      },
    });

    // The reply: unread for the user (and in their bell), emailed with a link.
    const replied = await agent('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'Try reloading the page',
    });
    expect(replied.json().messages.map((m: { role: string }) => m.role)).toEqual(['user', 'support']);
    expect((await user('GET', '/api/support/tickets')).json()[0].unread).toBe(true);
    expect((await user('GET', '/api/notifications')).json()).toEqual({
      notifications: [{ type: 'support', teamId: null, teamName: null, pendingCount: 1 }],
      totalCount: 1,
    });
    const mail = (await outbox(t.app)).find(
      (m) => m.to === 'asker@example.com' && m.subject.startsWith('Support replied'),
    );
    expect(mail?.links.some((l) => l.endsWith(`/support/${ticket.id}`))).toBe(true);
    const read = (await user('GET', `/api/support/tickets/${ticket.id}`)).json();
    expect(read.messages[1]).toMatchObject({
      role: 'support',
      content: 'Try reloading the page',
      authorName: 'Hal',
    });
    expect((await user('GET', '/api/notifications')).json().totalCount).toBe(0);

    // Closed: no messages (409) until reopened; either side may close or reopen.
    expect(
      (await user('PUT', `/api/support/tickets/${ticket.id}/status`, { status: 'closed' })).json().status,
    ).toBe('closed');
    const closed = await agent('POST', `/api/support/tickets/${ticket.id}/messages`, {
      message: 'Still there?',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This ticket is closed. Reopen it to send a message.');
    expect(
      (await agent('PUT', `/api/support/tickets/${ticket.id}/status`, { status: 'open' })).json().status,
    ).toBe('open');
    expect(
      (await other('PUT', `/api/support/tickets/${ticket.id}/status`, { status: 'closed' })).statusCode,
    ).toBe(404);
    expect(
      (await user('PUT', `/api/support/tickets/${ticket.id}/status`, { status: 'done' })).statusCode,
    ).toBe(400);
    expect(
      (await user('POST', `/api/support/tickets/${ticket.id}/messages`, { message: '   ' })).statusCode,
    ).toBe(400);
    expect((await user('GET', '/api/support/tickets/not-a-uuid')).statusCode).toBe(400);

    // Every ticket and message is audited.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'support_message')));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('puts Pro users’ tickets first for agents (priority support)', async () => {
    const free = client(t.app, await signIn(t.app, 'free.asker@example.com'));
    const pro = client(t.app, await signIn(t.app, 'paying@pro-domain.test'));
    const agent = client(t.app, agentCookie);
    await pro('POST', '/api/support/tickets', { title: 'Pro question', message: 'Hi', type: 'Bug' });
    await free('POST', '/api/support/tickets', { title: 'Free question', message: 'Hi', type: 'Feedback' });
    const queue: { title: string; priority: boolean }[] = (await agent('GET', '/api/support/tickets')).json();
    expect(queue[0]).toMatchObject({ title: 'Pro question', priority: true });
    expect(queue.findIndex((x) => x.title === 'Free question')).toBeGreaterThan(0);
  });
});
