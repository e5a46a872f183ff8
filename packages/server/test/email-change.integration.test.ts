import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, users } from '../src/db/schema.ts';
import {
  createTestApp,
  engines,
  latestLink,
  outbox,
  signIn,
  type TestApp,
  tokenOf,
} from './support/harness.ts';

describe.each(engines)('email change on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload ? { payload } : {}),
    });

  it('moves the account to the new address in three steps, and the new address signs in', async () => {
    const cookie = await signIn(t.app, 'old@example.com');

    const initiate = await call('POST', '/api/auth/change-email/initiate', cookie, {
      newEmail: 'New@Example.com',
    });
    expect(initiate.statusCode).toBe(200);
    expect(initiate.json().message).toContain('new@example.com');

    const pending = await call('GET', '/api/auth/change-email/status', cookie);
    expect(pending.json()).toMatchObject({
      hasPendingChange: true,
      currentEmail: 'old@example.com',
      newEmail: 'new@example.com',
      stage: 'awaiting_new_email_verification',
    });

    // Step 2, from the new inbox: no session needed (it may be opened on another device).
    const verifyLink = await latestLink(t.app, 'new@example.com', '/change-email/verify-new/');
    expect(verifyLink.startsWith('http://localhost:3000/change-email/verify-new/')).toBe(true);
    const verify = await call('GET', `/api/auth/change-email/verify-new/${tokenOf(verifyLink)}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      success: true,
      currentEmail: 'old@example.com',
      newEmail: 'new@example.com',
    });
    expect(verify.json().message).toContain('old@example.com');
    expect((await call('GET', '/api/auth/change-email/status', cookie)).json().stage).toBe(
      'awaiting_old_email_confirmation',
    );
    const reused = await call('GET', `/api/auth/change-email/verify-new/${tokenOf(verifyLink)}`);
    expect(reused.statusCode).toBe(400);

    // The address has not moved yet.
    expect((await call('GET', '/api/auth/me', cookie)).json().user.email).toBe('old@example.com');

    // Step 3, from the old inbox.
    const confirmLink = await latestLink(t.app, 'old@example.com', '/change-email/confirm/');
    const confirm = await call('GET', `/api/auth/change-email/confirm/${tokenOf(confirmLink)}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, newEmail: 'new@example.com' });
    expect((await call('GET', '/api/auth/me', cookie)).json().user.email).toBe('new@example.com');
    expect((await call('GET', '/api/auth/change-email/status', cookie)).json()).toMatchObject({
      hasPendingChange: false,
      newEmail: null,
      stage: null,
    });
    const again = await call('GET', `/api/auth/change-email/confirm/${tokenOf(confirmLink)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain('already been completed');

    // The new address signs in to the same account; the old one would make a new account.
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'new@example.com'));
    const newCookie = await signIn(t.app, 'new@example.com', null);
    expect((await call('GET', '/api/auth/me', newCookie)).json().user.id).toBe(account!.id);
  });

  it('refuses the current address and bad input, writing nothing', async () => {
    const cookie = await signIn(t.app, 'first@example.com');
    const same = await call('POST', '/api/auth/change-email/initiate', cookie, {
      newEmail: 'FIRST@example.com',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('That is already your email address');
    const bad = await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await call('GET', '/api/auth/change-email/status', cookie)).json().hasPendingChange).toBe(false);
    expect(
      (await call('POST', '/api/auth/change-email/initiate', undefined, { newEmail: 'a@b.co' })).statusCode,
    ).toBe(401);
  });

  it('does not tell the asker whether an address has an account; its owner is told instead', async () => {
    const cookie = await signIn(t.app, 'asker@example.com');
    await signIn(t.app, 'taken@example.com');
    const taken = await call('POST', '/api/auth/change-email/initiate', cookie, {
      newEmail: 'taken@example.com',
    });
    const takenStatus = (await call('GET', '/api/auth/change-email/status', cookie)).json();
    const free = await call('POST', '/api/auth/change-email/initiate', cookie, {
      newEmail: 'free@example.com',
    });
    const freeStatus = (await call('GET', '/api/auth/change-email/status', cookie)).json();
    // The same status, message shape and pending step whether or not the address is taken.
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    expect(taken.json().message.replace('taken@', 'X@')).toBe(free.json().message.replace('free@', 'X@'));
    expect(takenStatus).toMatchObject({ hasPendingChange: true, stage: 'awaiting_new_email_verification' });
    expect(freeStatus).toMatchObject({ hasPendingChange: true, stage: 'awaiting_new_email_verification' });
    // The taken address's owner gets a notice with no verification link, and the account stays as it was.
    const mails = (await outbox(t.app)).filter((m) => m.to === 'taken@example.com');
    const notice = mails.find((m) => m.subject.includes('already has'));
    expect(notice?.text).toContain('nothing was changed');
    expect(notice?.links.some((l) => l.includes('/change-email/'))).toBe(false);
    expect((await call('GET', '/api/auth/me', cookie)).json().user.email).toBe('asker@example.com');
  });

  it('answers parallel requests and two confirmations of the same address without a 500', async () => {
    const first = await signIn(t.app, 'racer-one@example.com');
    const second = await signIn(t.app, 'racer-two@example.com');
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        call('POST', '/api/auth/change-email/initiate', first, { newEmail: 'burst@example.com' }),
      ),
    );
    expect(burst.map((r) => r.statusCode).filter((s) => s >= 500)).toEqual([]);
    expect(burst.every((r) => [200, 409].includes(r.statusCode))).toBe(true);

    // Both ask for the same new address and verify it; then both confirm at once.
    const confirmations: string[] = [];
    for (const [cookie, from] of [
      [first, 'racer-one@example.com'],
      [second, 'racer-two@example.com'],
    ] as const) {
      await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'wanted@example.com' });
      await call(
        'GET',
        `/api/auth/change-email/verify-new/${tokenOf(await latestLink(t.app, 'wanted@example.com', '/change-email/verify-new/'))}`,
      );
      confirmations.push(tokenOf(await latestLink(t.app, from, '/change-email/confirm/')));
    }
    const results = await Promise.all(
      confirmations.map((token) => call('GET', `/api/auth/change-email/confirm/${token}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.statusCode === 409)!;
    expect(loser.json().message).toBe('That email address is already used by another account');
    const [one, two] = await Promise.all(
      [first, second].map(async (cookie) => (await call('GET', '/api/auth/me', cookie)).json().user.email),
    );
    expect([one, two].filter((e) => e === 'wanted@example.com')).toHaveLength(1);
  });

  it('refuses to confirm when the address was taken meanwhile', async () => {
    const cookie = await signIn(t.app, 'racer@example.com');
    await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'contested@example.com' });
    const verifyLink = await latestLink(t.app, 'contested@example.com', '/change-email/verify-new/');
    await call('GET', `/api/auth/change-email/verify-new/${tokenOf(verifyLink)}`);
    await signIn(t.app, 'contested@example.com');
    const confirmLink = await latestLink(t.app, 'racer@example.com', '/change-email/confirm/');
    const res = await call('GET', `/api/auth/change-email/confirm/${tokenOf(confirmLink)}`);
    expect(res.statusCode).toBe(409);
    expect((await call('GET', '/api/auth/me', cookie)).json().user.email).toBe('racer@example.com');
  });

  it('cancels a pending change, after which its link no longer works', async () => {
    const cookie = await signIn(t.app, 'cancel@example.com');
    await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'never@example.com' });
    const link = await latestLink(t.app, 'never@example.com', '/change-email/verify-new/');
    const cancel = await call('POST', '/api/auth/change-email/cancel', cookie, {});
    expect(cancel.json()).toEqual({ success: true, message: 'Email change cancelled' });
    expect((await call('GET', '/api/auth/change-email/status', cookie)).json().hasPendingChange).toBe(false);
    const res = await call('GET', `/api/auth/change-email/verify-new/${tokenOf(link)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This email change was cancelled.');
    expect((await call('POST', '/api/auth/change-email/cancel', cookie, {})).json().message).toBe(
      'There is no pending email change',
    );
  });

  it('replaces an open change with a newer one, and expires old links', async () => {
    const cookie = await signIn(t.app, 'replace@example.com');
    await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'one@example.com' });
    const firstLink = await latestLink(t.app, 'one@example.com', '/change-email/verify-new/');
    await call('POST', '/api/auth/change-email/initiate', cookie, { newEmail: 'two@example.com' });
    expect((await call('GET', `/api/auth/change-email/verify-new/${tokenOf(firstLink)}`)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/auth/change-email/status', cookie)).json().newEmail).toBe(
      'two@example.com',
    );

    const secondLink = await latestLink(t.app, 'two@example.com', '/change-email/verify-new/');
    await t.database.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.newEmail, 'two@example.com'));
    const expired = await call('GET', `/api/auth/change-email/verify-new/${tokenOf(secondLink)}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const unknown = await call('GET', `/api/auth/change-email/confirm/${'Z'.repeat(43)}`);
    expect(unknown.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'This confirmation link is not valid.',
    });
  });
});
