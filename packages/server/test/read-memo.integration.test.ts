import { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createReadMemo } from '../src/db/read-memo.ts';
import { sessions, staff, users } from '../src/db/schema.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { createSessionRepository } from '../src/modules/auth/session.repository.ts';
import { createTeamRepository } from '../src/modules/team-access/team.repository.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);
const D = (n: number) => addDays(today, n);

/**
 * On PGlite the session and the caller's team access are remembered between writes (db/read-memo.ts).
 * Whatever is remembered, access ends at the very next request after a logout, a removal, a demotion,
 * a leaving date or an expiry, and a viewer who may now see less never gets the bytes they saw before.
 * The same tests run on PostgreSQL, where nothing is remembered.
 */
describe.each(engines)('remembered reads end with the access they describe, on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
  });
  afterAll(async () => t.close());

  let n = 0;
  async function world() {
    const ownerCookie = await signIn(t.app, `memo.owner.${++n}@pro-domain.test`);
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Remembered' })).json();
    const base = `/api/teams/${team.teamId}`;
    const email = `memo.admin.${n}@example.com`;
    const row = (await owner('POST', `${base}/staff`, { firstName: 'Ada', email, isAdmin: true })).json();
    await owner('POST', `${base}/invite`, { staffId: row.staffId, email });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, email) },
    });
    const adminCookie = await signIn(t.app, email, null);
    const read = (cookie: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: `${base}/shifts?startDate=${D(0)}&endDate=${D(6)}`,
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    return { owner, team, base, row, adminCookie, read };
  }

  /** Reads often enough that anything rememberable is remembered, and returns the last answer. */
  async function readRepeatedly(read: () => ReturnType<ReturnType<typeof client>>) {
    let last = await read();
    for (let i = 0; i < 3; i++) last = await read();
    return last;
  }

  it('ends a session at the next request after logging out', async () => {
    const w = await world();
    const me = client(t.app, w.adminCookie);
    expect((await readRepeatedly(() => me('GET', '/api/auth/me'))).statusCode).toBe(200);
    expect((await me('POST', '/api/auth/logout')).statusCode).toBe(200);
    expect((await me('GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await w.read(w.adminCookie)).statusCode).toBe(401);
  });

  it('ends every session at the next request after logging out of all devices', async () => {
    const w = await world();
    const other = await signIn(t.app, `memo.admin.${n}@example.com`, null);
    const me = client(t.app, w.adminCookie);
    expect((await readRepeatedly(() => client(t.app, other)('GET', '/api/auth/me'))).statusCode).toBe(200);
    expect((await me('POST', '/api/auth/logout-all-devices')).statusCode).toBe(200);
    expect((await client(t.app, other)('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('turns a 304 into the smaller week at once when an administrator is made staff', async () => {
    const w = await world();
    await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.row.staffId,
      shiftDate: D(1),
      startTime: '09:00',
      endTime: '17:00',
      notes: 'Admins only',
      notesVisibleToAll: false,
    });
    const seen = await readRepeatedly(() => w.read(w.adminCookie));
    expect(z.array(ShiftDto).parse(seen.json())[0]?.notes).toBe('Admins only');
    const etag = String(seen.headers.etag);
    expect((await w.read(w.adminCookie, etag)).statusCode).toBe(304);

    const { staffId: _id, ...details } = (await w.owner('GET', `${w.base}/staff`))
      .json()
      .find((s: { staffId: string }) => s.staffId === w.row.staffId);
    const demote = await w.owner('PUT', `${w.base}/staff/${w.row.staffId}`, { ...details, isAdmin: false });
    expect(demote.statusCode).toBe(200);
    const after = await w.read(w.adminCookie, etag);
    expect(after.statusCode).toBe(200);
    expect(z.array(ShiftDto).parse(after.json())[0]?.notes).toBeNull();
    // Writes an administrator could make are refused at once too.
    expect(
      (await client(t.app, w.adminCookie)('POST', `${w.base}/staff`, { firstName: 'X' })).statusCode,
    ).toBe(403);
  });

  it('makes a removed member an outsider at the next request', async () => {
    const w = await world();
    expect((await readRepeatedly(() => w.read(w.adminCookie))).statusCode).toBe(200);
    expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.row.staffId })).statusCode).toBe(200);
    expect((await w.read(w.adminCookie)).statusCode).toBe(404);
  });

  it('answers by the clock, not by what it remembered: a leaving date and an expired session', async () => {
    const w = await world();
    const teams = createTeamRepository(t.database.db);
    const admin = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, `memo.admin.${n}@example.com`));
    await t.database.db.update(staff).set({ leavingDate: today }).where(eq(staff.id, w.row.staffId));
    // Remembered today, with no write since: tomorrow the leaver is an outsider all the same.
    for (let i = 0; i < 3; i++) {
      expect((await teams.findForUser(w.team.teamId, admin[0]!.id, today))?.membership).not.toBeNull();
    }
    expect((await teams.findForUser(w.team.teamId, admin[0]!.id, D(1)))?.membership).toBeNull();

    const sessionRepo = createSessionRepository(t.database.db);
    const tokenHash = hashToken(decodeURIComponent(w.adminCookie.split('=')[1]!));
    const now = new Date();
    const longAgo = new Date(0);
    const found = await sessionRepo.findLiveByTokenHash(tokenHash, now, longAgo);
    expect(found?.user.id).toBe(admin[0]!.id);
    expect(await sessionRepo.findLiveByTokenHash(tokenHash, now, longAgo)).toEqual(found);
    // The same session a moment after it expires, and after its absolute end: nothing.
    const afterExpiry = new Date(found!.expiresAt.getTime() + 1);
    expect(await sessionRepo.findLiveByTokenHash(tokenHash, afterExpiry, longAgo)).toBeNull();
    expect(await sessionRepo.findLiveByTokenHash(tokenHash, now, found!.createdAt)).toBeNull();
    // And a session deleted behind the API's back (any write) is gone at once.
    await t.database.db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect(await sessionRepo.findLiveByTokenHash(tokenHash, now, longAgo)).toBeNull();
  });

  it('remembers only on PGlite, outside transactions, and forgets at every write', async () => {
    const db = t.database.db;
    const memo = createReadMemo<{ value: number }>(db, { name: 'test', tagsOf: () => [] });
    let loads = 0;
    const load = async () => ({ value: ++loads });
    await memo('k', load);
    await memo('k', load);
    expect(loads).toBe(engine === 'pglite' ? 1 : 2);

    await db.update(users).set({ firstName: 'Changed' }).where(eq(users.email, 'nobody@example.com'));
    await memo('k', load);
    expect(loads).toBe(engine === 'pglite' ? 2 : 3);

    // A read that overlaps a write is not kept: it may predate it.
    const overlapping = async () => {
      await db.update(users).set({ firstName: 'Changed' }).where(eq(users.email, 'nobody@example.com'));
      return { value: ++loads };
    };
    await memo('o', overlapping);
    const before = loads;
    await memo('o', load);
    expect(loads).toBe(before + 1);

    // Remembered values are frozen: no request can change what the next one gets.
    const kept = await memo('k', load);
    if (engine === 'pglite') expect(Object.isFrozen(kept)).toBe(true);

    // Inside a transaction nothing is remembered.
    await db.transaction(async (tx) => {
      const inTx = createReadMemo<{ value: number }>(tx, { name: 'test', tagsOf: () => [] });
      const start = loads;
      await inTx('t', load);
      await inTx('t', load);
      expect(loads).toBe(start + 2);
    });
  });
});
