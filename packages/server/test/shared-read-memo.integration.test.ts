import { randomBytes } from 'node:crypto';
import { addDays } from '@rotaboard/core/dates/week';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { memoTags, SharedReadMemo, sharedMemoOf, shareMemoOn } from '../src/db/shared-read-memo.ts';
import { createSessionRepository } from '../src/modules/auth/session.repository.ts';
import { createShiftLockRepository } from '../src/modules/shifts/shift-lock.repository.ts';
import { createStaffRepository } from '../src/modules/staff/staff.repository.ts';
import { loadStaffingSettings } from '../src/modules/staffing/staffing-context.ts';
import { createTeamRepository } from '../src/modules/team-access/team.repository.ts';
import {
  client,
  countQueries,
  engines,
  inviteToken,
  listen,
  PUBLIC_URL,
  redisReachable,
  signIn,
  testConfig,
} from './support/harness.ts';
import { cuttableProxy } from './support/processes.ts';

const today = new Date().toISOString().slice(0, 10);
const D = (n: number) => addDays(today, n);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const ready = engines.includes('postgres') && (await redisReachable(REDIS_URL));
if (!ready && process.env.CI)
  throw new Error('PostgreSQL and Redis are needed for the shared read memo tests');

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.skipIf(!ready)('the session and team-access memo on PostgreSQL', () => {
  it('hits the database once for repeated reads, again after a write names them, every time unlinked', async () => {
    const name = `rotaboard_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    try {
      const db = database.db;
      const queries = countQueries(db);
      const published: string[] = [];
      const memo = shareMemoOn(db, new SharedReadMemo());
      expect(await memo.linkUp(async (message) => published.push(message))).toBe(true);

      const [user] = await db.insert(users).values({ email: 'count@example.com' }).returning();
      const userId = user!.id;
      const sessions = createSessionRepository(db);
      await sessions.insert({
        userId,
        tokenHash: 'h1',
        expiresAt: new Date(Date.now() + 3_600_000),
        userAgent: null,
      });
      const team = await createTeamRepository(db).insert({
        name: 'Counted',
        weekStartDay: 1,
        ownerId: userId,
        ownerInStaffList: false,
      });

      const read = async () => {
        const now = new Date();
        await sessions.findLiveByTokenHash('h1', now, new Date(0));
        await createTeamRepository(db).findForUser(team.id, userId, today);
      };
      const before = queries.n;
      for (let i = 0; i < 10; i++) await read();
      expect(queries.n - before).toBe(2); // one session query, one access query, then memory

      // A write that names the session: its next read asks again, and the tag went to the channel.
      await sessions.extend(
        (await sessions.findLiveByTokenHash('h1', new Date(), new Date(0)))!.sessionId,
        new Date(Date.now() + 7_200_000),
        new Date(),
      );
      expect(published.at(-1)).toMatch(/^\["session-id:/);
      const afterExtend = queries.n;
      await read();
      await read();
      expect(queries.n - afterExtend).toBe(1); // the session only: the team access is untouched

      // A shift change moves the schedule version the access carries: named by team.
      await createShiftLockRepository(db).set(team.id, { lockedUntil: null, hideScheduleAfterLock: false });
      expect(published.at(-1)).toBe(JSON.stringify([memoTags.team(team.id), memoTags.teamLock(team.id)]));
      const afterLock = queries.n;
      await read();
      expect(queries.n - afterLock).toBe(1);

      // Inside a transaction, the tags wait for its end, and are published once it has ended.
      const beforeTx = published.length;
      await db.transaction(async (tx) => {
        await createTeamRepository(tx).update(team.id, { name: 'Renamed' });
        expect(published.length).toBe(beforeTx);
      });
      expect(published.length).toBe(beforeTx + 1);
      const renamed = await createTeamRepository(db).findForUser(team.id, userId, today);
      expect(renamed?.team.name).toBe('Renamed');

      // A publish that fails: nothing served from memory until the link is up and a flush was sent.
      await memo.linkUp(async () => {
        throw new Error('Redis gone');
      });
      await read();
      await createTeamRepository(db).update(team.id, { name: 'Again' });
      expect(memo.isServing).toBe(false);
      expect(memo.flushOwed).toBe(true);
      const unlinked = queries.n;
      for (let i = 0; i < 5; i++) await read();
      expect(queries.n - unlinked).toBe(10); // every read asks the database
      expect(await memo.linkUp(async (message) => published.push(message))).toBe(true);
      expect(published.at(-1)).toBe('*');
      const relinked = queries.n;
      for (let i = 0; i < 5; i++) await read();
      expect(queries.n - relinked).toBe(2);

      // Bounded, and forgotten after the TTL.
      let clock = 0;
      const small = new SharedReadMemo(() => clock, 1_000, 3);
      await small.linkUp(async () => 1);
      let loads = 0;
      const load = async () => ({ n: ++loads });
      for (const key of ['a', 'b', 'c', 'd']) await small.read(key, load, () => ['t']);
      expect(small.size).toBe(3);
      await small.read('a', load, () => ['t']); // the oldest went first
      expect(loads).toBe(5);
      await small.read('d', load, () => ['t']);
      expect(loads).toBe(5);
      clock = 1_000;
      await small.read('d', load, () => ['t']);
      expect(loads).toBe(6);
      small.dropTags(['t']);
      expect(small.size).toBe(0);
    } finally {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  describe('processes on one database: A and B on Redis, C through a link that can be cut', () => {
    let dbName: string;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let c: FastifyInstance;
    let dbA: Database;
    let dbB: Database;
    let dbC: Database;
    let urlB: string;
    let urlC: string;
    let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
    let queriesB: { n: number };
    let queriesC: { n: number };

    beforeAll(async () => {
      dbName = `rotaboard_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${dbName}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${dbName}`;
      // A handle each, as separate processes have: each its own pool and its own memo.
      dbA = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      dbB = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      dbC = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      queriesB = countQueries(dbB.db);
      queriesC = countQueries(dbC.db);
      const redis = new URL(REDIS_URL);
      proxy = await cuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
      const config = (redisUrl: string) =>
        testConfig({ REDIS_URL: redisUrl, MAGIC_LINK_RESEND_SECONDS: '0' });
      a = await buildApp(config(REDIS_URL), { database: dbA, logger: false });
      b = await buildApp(config(REDIS_URL), { database: dbB, logger: false });
      c = await buildApp(config(`redis://127.0.0.1:${proxy.port}`), { database: dbC, logger: false });
      await a.ready();
      // B and C are asked over HTTP, as a browser would after A answered: the next request anywhere.
      urlB = await listen(b);
      urlC = await listen(c);
      await until(() => [dbA, dbB, dbC].every((d) => sharedMemoOf(d.db)?.isServing), 'every link');
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await c?.close();
      await proxy?.close();
      await dbA?.close();
      await dbB?.close();
      await dbC?.close();
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    type Answer = { statusCode: number; etag: string | null; body: string };
    const call = (
      url: string,
      path: string,
      cookie: string,
      init: { method?: string; body?: unknown; etag?: string } = {},
    ) =>
      fetch(`${url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          cookie,
          origin: PUBLIC_URL,
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.etag ? { 'if-none-match': init.etag } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      }).then(
        async (res): Promise<Answer> => ({
          statusCode: res.status,
          etag: res.headers.get('etag'),
          body: await res.text(),
        }),
      );

    let n = 0;
    /** An owner (signed in on A) and an administrator whose week B and C have remembered reading. */
    async function world() {
      const ownerCookie = await signIn(a, `shared.owner.${++n}@pro-domain.test`);
      const owner = client(a, ownerCookie);
      const team = (await owner('POST', '/api/teams', { teamName: 'Two processes' })).json();
      const base = `/api/teams/${team.teamId}`;
      const email = `shared.admin.${n}@example.com`;
      const row = (await owner('POST', `${base}/staff`, { firstName: 'Ada', email, isAdmin: true })).json();
      await owner('POST', `${base}/invite`, { staffId: row.staffId, email });
      await a.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(a, email) },
      });
      const adminCookie = await signIn(a, email, null);
      const week = `${base}/shifts?startDate=${D(0)}&endDate=${D(6)}`;
      const readOnB = (etag?: string) => call(urlB, week, adminCookie, etag ? { etag } : {});
      const readOnC = (etag?: string) => call(urlC, week, adminCookie, etag ? { etag } : {});
      const first = await readOnB();
      expect(first.statusCode).toBe(200);
      const etag = String(first.etag);
      // Remembered on B: a conditional read asks B's database nothing.
      expect((await readOnB(etag)).statusCode).toBe(304);
      const before = queriesB.n;
      expect((await readOnB(etag)).statusCode).toBe(304);
      expect(queriesB.n).toBe(before);
      return { owner, base, row, adminCookie, readOnB, readOnC, etag };
    }

    it('refuses a remembered session on B at its next request after logout on A', async () => {
      const w = await world();
      expect((await client(a, w.adminCookie)('POST', '/api/auth/logout')).statusCode).toBe(200);
      expect((await w.readOnB(w.etag)).statusCode).toBe(401);
    });

    it('makes a member removed on A an outsider on B at the next request', async () => {
      const w = await world();
      expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.row.staffId })).statusCode).toBe(200);
      expect((await w.readOnB(w.etag)).statusCode).toBe(404);
    });

    it('takes administrators’ calls away on B at once when A makes the administrator staff', async () => {
      const w = await world();
      const { staffId: _id, ...details } = (await w.owner('GET', `${w.base}/staff`))
        .json()
        .find((s: { staffId: string }) => s.staffId === w.row.staffId);
      const demote = await w.owner('PUT', `${w.base}/staff/${w.row.staffId}`, { ...details, isAdmin: false });
      expect(demote.statusCode).toBe(200);
      const addStaff = await call(urlB, `${w.base}/staff`, w.adminCookie, {
        method: 'POST',
        body: { firstName: 'X' },
      });
      expect(addStaff.statusCode).toBe(403);
      // And the week a member of staff gets is not the administrator's: not a 304.
      expect((await w.readOnB(w.etag)).statusCode).toBe(200);
    });

    it('ends access on B when A records a leaving date in the past', async () => {
      const w = await world();
      await createStaffRepository(dbA.db).update(w.row.staffId, { leavingDate: D(-1) });
      expect((await w.readOnB(w.etag)).statusCode).toBe(404);
    });

    it('turns B’s 304 into the new week when a shift is added on A', async () => {
      const w = await world();
      const created = await w.owner('POST', `${w.base}/shifts`, {
        staffId: w.row.staffId,
        shiftDate: D(1),
        startTime: '09:00',
        endTime: '17:00',
      });
      expect(created.statusCode).toBe(201);
      const after = await w.readOnB(w.etag);
      expect(after.statusCode).toBe(200);
      expect(JSON.parse(after.body)).toHaveLength(1);
    });

    it('serves a change’s refetches on B with one access and one week query while other teams write', async () => {
      const w = await world();
      const other = await world();
      const shift = (day: number, startTime: string) => ({
        staffId: other.row.staffId,
        shiftDate: D(day),
        startTime,
        endTime: '23:00',
      });
      expect(
        (await w.owner('POST', `${w.base}/shifts`, { ...shift(1, '09:00'), staffId: w.row.staffId }))
          .statusCode,
      ).toBe(201);
      // Every open screen of the team refetches at once, while another team's writes land on A (each
      // one a drop on B of tags these reads do not carry).
      const before = queriesB.n;
      const othersWrite = Promise.all(
        [0, 2, 3].map((day) => other.owner('POST', `${other.base}/shifts`, shift(day, '18:00'))),
      );
      const refetches = await Promise.all(Array.from({ length: 5 }, () => w.readOnB()));
      await othersWrite;
      expect(refetches.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(queriesB.n - before).toBe(2); // the team access once (shared), the week once
      // And remembered despite the other team's writes: the next reads ask nothing.
      const remembered = queriesB.n;
      for (const r of await Promise.all(
        Array.from({ length: 5 }, () => w.readOnB(String(refetches[0]!.etag))),
      ))
        expect(r.statusCode).toBe(304);
      expect(queriesB.n).toBe(remembered);
    });

    it('remembers a team’s schedule lock through its shift changes, and forgets it when B locks', async () => {
      const w = await world();
      const teamId = w.base.split('/').at(-1)!;
      const onB = createTeamRepository(dbB.db);
      expect(await onB.findScheduleLock(teamId)).toEqual({
        teamId,
        lockedUntil: null,
        hideScheduleAfterLock: false,
      });
      // A shift change (announced, so its lock is read) names the team, not the lock.
      const added = await call(urlB, `${w.base}/shifts`, w.adminCookie, {
        method: 'POST',
        body: { staffId: w.row.staffId, shiftDate: D(2), startTime: '09:00', endTime: '17:00' },
      });
      expect(added.statusCode).toBe(201);
      const before = queriesB.n;
      await onB.findScheduleLock(teamId);
      expect(queriesB.n).toBe(before);
      // Locked on A: B forgets what it remembered (the message is read by B's own Redis connection in
      // this same process, so it is waited for; "the next request anywhere" is asserted above).
      expect(
        (
          await w.owner('PUT', `${w.base}/shifts/locked-until`, {
            lockedUntil: D(3),
            hideScheduleAfterLock: true,
          })
        ).statusCode,
      ).toBe(200);
      let lock = await onB.findScheduleLock(teamId);
      for (let i = 0; i < 100 && lock?.lockedUntil === null; i++) {
        await new Promise((r) => setTimeout(r, 20));
        lock = await onB.findScheduleLock(teamId);
      }
      expect(lock).toEqual({
        teamId,
        lockedUntil: D(3),
        hideScheduleAfterLock: true,
      });
    });

    it('remembers a team’s staffing settings through its shift writes; a rule made strict on A binds B’s next write', async () => {
      const w = await world();
      const teamId = w.base.split('/').at(-1)!;
      const shift = (day: number, startTime: string, endTime: string) =>
        call(urlB, `${w.base}/shifts`, w.adminCookie, {
          method: 'POST',
          body: { staffId: w.row.staffId, shiftDate: D(day), startTime, endTime },
        });
      // A Pro team's writes check the staffing rules (read through the memo), strict or not.
      expect((await shift(1, '09:00', '17:00')).statusCode).toBe(201);
      const settingsB = await loadStaffingSettings(dbB.db, teamId);
      const before = queriesB.n;
      expect(await loadStaffingSettings(dbB.db, teamId)).toBe(settingsB);
      expect(queriesB.n).toBe(before);
      // Shift writes name the team, not its settings: B's next write does not read them again.
      expect((await shift(3, '09:00', '17:00')).statusCode).toBe(201);
      const afterWrite = queriesB.n;
      expect(await loadStaffingSettings(dbB.db, teamId)).toBe(settingsB);
      expect(queriesB.n).toBe(afterWrite);
      // Saved on A (shift length at most 4 h, strict): B's very next write is held to it.
      const saved = await w.owner('PUT', `${w.base}/schedule-agent`, {
        rules: {
          ...settingsB.rules,
          maxShiftHours: { value: 4, strict: true },
        },
      });
      expect(saved.statusCode).toBe(200);
      const refused = await shift(5, '09:00', '17:00');
      expect(refused.statusCode).toBe(409);
      expect(JSON.parse(refused.body).message).toMatch(/is 8 h \(09:00–17:00\); the maximum is 4 h$/);
      expect((await shift(5, '09:00', '13:00')).statusCode).toBe(201);
    });

    it('asks the database every time while C’s Redis is away, and remembers again once it is back', async () => {
      const w = await world();
      const memoC = sharedMemoOf(dbC.db)!;
      expect((await w.readOnC(w.etag)).statusCode).toBe(304);
      let before = queriesC.n;
      expect((await w.readOnC(w.etag)).statusCode).toBe(304);
      expect(queriesC.n).toBe(before); // remembered
      await proxy.cut();
      await until(() => !memoC.isServing, 'C to notice Redis gone');
      before = queriesC.n;
      for (let i = 0; i < 3; i++) expect((await w.readOnC(w.etag)).statusCode).toBe(304);
      expect(queriesC.n - before).toBe(6); // the session and the access, each time
      // A removal on A meanwhile (A's link is fine, C's is not): C, asking the database, refuses at once.
      expect((await w.owner('DELETE', `${w.base}/access`, { staffId: w.row.staffId })).statusCode).toBe(200);
      expect((await w.readOnC(w.etag)).statusCode).toBe(404);

      await proxy.restore();
      await until(() => memoC.isServing, 'C to serve from memory again', 20_000);
      const v = await world();
      expect((await v.readOnC(v.etag)).statusCode).toBe(304);
      before = queriesC.n;
      for (let i = 0; i < 3; i++) expect((await v.readOnC(v.etag)).statusCode).toBe(304);
      expect(queriesC.n).toBe(before);
      // (What changes after the outage is seen as in the tests above; C's path to Redis has an extra
      // hop through the proxy in this process, so "at once" is asserted on B, not here.)
    });

    it('costs a websocket handshake one session lookup (none when remembered), and no access check', async () => {
      const w = await world();
      const { io: connect } = await import('socket.io-client');
      const open = () =>
        connect(urlB, {
          path: '/scheduleHub',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { cookie: w.adminCookie },
        });
      const connected = (s: ReturnType<typeof open>) =>
        new Promise<void>((resolve, reject) => {
          s.once('connect', () => resolve());
          s.once('connect_error', reject);
        });
      sharedMemoOf(dbB.db)!.dropAll();
      let before = queriesB.n;
      const first = open();
      await connected(first);
      expect(queriesB.n - before).toBe(1);
      before = queriesB.n;
      const second = open();
      await connected(second);
      expect(queriesB.n - before).toBe(0);
      first.close();
      second.close();
    });
  });
});
