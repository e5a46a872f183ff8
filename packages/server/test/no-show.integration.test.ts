import { randomBytes } from 'node:crypto';
import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { noShowAlerts, teams, timesheets } from '../src/db/schema.ts';
import { createNoShowRepository } from '../src/modules/no-shows/no-show.repository.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  outbox,
  redisReachable,
  sessionCookie,
  signIn,
  type TestApp,
  testConfig,
} from './support/harness.ts';
import { weekAhead } from './support/staffing-world.ts';

/**
 * No-shows (issue 44, docs/the-day.md): a shift of a Pro team late by the team's `lateAfterMinutes`
 * with no clock-in tells the owner and each administrator once, by email and on the bell, in the
 * team's zone; checked by `checkNoShows(now)` (here with the instant given) on a timer, by one process
 * at a time when several run.
 */

const NO_SHOW_SUBJECT = 'Pat Lee has not clocked in for their shift in Diner';
const at = (date: string, time: string) => new Date(`${date}T${time}:00Z`);

let n = 0;
/** A team owned by Olive (Pro unless `free`), with Ada an administrator and Pat a cook, on `app`. */
async function world(app: FastifyInstance, options: { free?: boolean; timeZone?: string } = {}) {
  n += 1;
  const ownerEmail = `olive.ns${n}.${randomBytes(3).toString('hex')}@${options.free ? 'example.com' : 'pro-domain.test'}`;
  const owner = client(app, await signIn(app, ownerEmail, { firstName: 'Olive', lastName: 'Owner' }));
  const team = (
    await owner('POST', '/api/teams', {
      teamName: 'Diner',
      ownerInStaffList: false,
      ...(options.timeZone ? { timeZone: options.timeZone } : {}),
    })
  ).json();
  expect(team.teamId, JSON.stringify(team)).toBeTruthy();
  const base = `/api/teams/${team.teamId}`;
  async function join(firstName: string, isAdmin: boolean) {
    const email = `${firstName.toLowerCase()}.ns${n}.${randomBytes(3).toString('hex')}@example.com`;
    const row = (
      await owner('POST', `${base}/staff`, { firstName, lastName: 'Lee', role: 'Cook', email, isAdmin })
    ).json();
    expect((await owner('POST', `${base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(200);
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(app, email), firstName, lastName: 'Lee' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return { call: client(app, sessionCookie(accepted)), staffId: row.staffId as string, email };
  }
  const admin = await join('Ada', !options.free);
  const pat = await join('Pat', false);
  const addShift = async (shiftDate: string, startTime: string, endTime: string, extra: object = {}) => {
    const res = await owner('POST', `${base}/shifts`, {
      staffId: pat.staffId,
      shiftDate,
      startTime,
      endTime,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().shiftId as string;
  };
  return { owner, ownerEmail, admin, pat, base, teamId: team.teamId as string, addShift };
}

const noShowMails = async (app: FastifyInstance) =>
  (await outbox(app)).filter((m) => m.subject === NO_SHOW_SUBJECT);
const bellCount = async (call: ReturnType<typeof client>, teamId: string) => {
  const res = await call('GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { type: string; teamId: string; pendingCount: number }[])
    .filter((x) => x.type === 'no_shows' && x.teamId === teamId)
    .reduce((sum, x) => sum + x.pendingCount, 0);
};

describe.each(engines)('no-shows on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());
  const check = (now: Date) => t.app.services.noShows.checkNoShows(now);

  it('tells the owner and each administrator once, from lateAfterMinutes after the start, by email and bell', async () => {
    const w = await world(t.app);
    const date = weekAhead();
    const shiftId = await w.addShift(date, '09:00', '17:00');
    const before = (await noShowMails(t.app)).length;

    expect(await check(at(date, '09:09'))).toEqual([]);
    const sent = await check(at(date, '09:10'));
    expect(sent).toEqual([{ shiftId, teamId: w.teamId, staffId: w.pat.staffId }]);
    // Never twice for one shift.
    expect(await check(at(date, '09:11'))).toEqual([]);
    expect(await check(at(date, '16:59'))).toEqual([]);

    const mails = (await noShowMails(t.app)).slice(0, (await noShowMails(t.app)).length - before);
    expect(mails.map((m) => m.to).sort()).toEqual([w.admin.email, w.ownerEmail].sort());
    expect(mails[0]!.text).toContain('09:00–17:00');
    expect(mails[0]!.text).toContain('more than 10 minutes ago');

    expect(await bellCount(w.owner, w.teamId)).toBe(1);
    expect(await bellCount(w.admin.call, w.teamId)).toBe(1);
    expect(await bellCount(w.pat.call, w.teamId)).toBe(0);

    // Pat clocks in late: off the bell at once, and resolved at the next check.
    await t.database.db.insert(timesheets).values({
      teamId: w.teamId,
      staffId: w.pat.staffId,
      shiftId,
      workDate: date,
      clockInAt: at(date, '09:20'),
    });
    expect(await bellCount(w.owner, w.teamId)).toBe(0);
    await check(at(date, '09:21'));
    const [alert] = await t.database.db.select().from(noShowAlerts).where(eq(noShowAlerts.shiftId, shiftId));
    expect(alert?.resolvedAt).toEqual(at(date, '09:21'));
  });

  it('takes a no-show off the bell when the shift is called in sick after it', async () => {
    const w = await world(t.app);
    const date = addDays(weekAhead(), 5);
    const shiftId = await w.addShift(date, '09:00', '17:00');
    expect((await check(at(date, '09:30'))).map((s) => s.shiftId)).toEqual([shiftId]);
    expect(await bellCount(w.owner, w.teamId)).toBe(1);
    expect((await w.pat.call('POST', `${w.base}/shifts/${shiftId}/sick`, {})).statusCode).toBe(201);
    expect(await bellCount(w.owner, w.teamId)).toBe(0);
    expect(await bellCount(w.admin.call, w.teamId)).toBe(0);
  });

  it('tells nobody of a clocked-in shift, time off, a sick call, a shift over, or a Free team’s', async () => {
    const w = await world(t.app);
    const free = await world(t.app, { free: true });
    const date = addDays(weekAhead(), 1);
    const clocked = await w.addShift(date, '10:00', '14:00');
    await t.database.db.insert(timesheets).values({
      teamId: w.teamId,
      staffId: w.pat.staffId,
      shiftId: clocked,
      workDate: date,
      clockInAt: at(date, '09:55'),
    });
    const freeShift = await free.addShift(date, '10:00', '14:00');
    const off = await w.owner('POST', `${w.base}/shifts`, {
      staffId: w.pat.staffId,
      shiftDate: addDays(date, 1),
      isTimeOff: true,
      startTime: '10:00',
      endTime: '14:00',
    });
    expect(off.statusCode, off.body).toBe(201);
    const sick = await w.addShift(addDays(date, 2), '10:00', '14:00');
    expect((await w.pat.call('POST', `${w.base}/shifts/${sick}/sick`, {})).statusCode).toBe(201);

    expect(await check(at(date, '11:00'))).toEqual([]);
    expect(await check(at(addDays(date, 1), '11:00'))).toEqual([]);
    expect(await check(at(addDays(date, 2), '11:00'))).toEqual([]);
    // Over: a check after the end sends nothing for a shift never told.
    const later = await w.addShift(addDays(date, 3), '10:00', '14:00');
    expect(await check(at(addDays(date, 3), '14:00'))).toEqual([]);
    expect(await t.database.db.select().from(noShowAlerts).where(eq(noShowAlerts.shiftId, later))).toEqual(
      [],
    );
    expect(
      await t.database.db.select().from(noShowAlerts).where(eq(noShowAlerts.shiftId, freeShift)),
    ).toEqual([]);
  });

  it('counts from the team’s lateAfterMinutes in its zone, overnight across a clock change', async () => {
    const w = await world(t.app, { timeZone: 'Europe/London' });
    await t.database.db.update(teams).set({ lateAfterMinutes: 30 }).where(eq(teams.id, w.teamId));
    // London's clocks go forward at 01:00 GMT on 28 March 2027: 23:00 GMT to 07:00 BST is 7 real hours.
    const shiftId = await w.addShift('2027-03-27', '23:00', '07:00');
    expect(await check(new Date('2027-03-27T23:29:00Z'))).toEqual([]);
    expect((await check(new Date('2027-03-27T23:30:00Z'))).map((s) => s.shiftId)).toEqual([shiftId]);

    const next = await w.addShift('2027-04-03', '23:00', '07:00');
    // In BST 23:00 is 22:00 UTC; the shift ends at 06:00 UTC.
    expect(await check(new Date('2027-04-04T06:00:00Z'))).toEqual([]);
    expect((await check(new Date('2027-04-04T05:59:00Z'))).map((s) => s.shiftId)).toEqual([next]);
  });

  it('runs on a timer once the app is ready, and stops on close', async () => {
    const timed = await createTestApp(engine, { NO_SHOW_CHECK_MS: '100' });
    try {
      const w = await world(timed.app);
      const now = Date.now();
      const start = new Date(now - 30 * 60_000);
      const end = new Date(now + 60 * 60_000);
      await w.addShift(toIsoDate(start), start.toISOString().slice(11, 16), end.toISOString().slice(11, 16));
      const started = Date.now();
      while ((await noShowMails(timed.app)).length < 2) {
        if (Date.now() - started > 10_000) throw new Error('the checker sent nothing in 10 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await noShowMails(timed.app)).map((m) => m.to).sort()).toEqual(
        [w.admin.email, w.ownerEmail].sort(),
      );
    } finally {
      await timed.close();
    }
  });
});

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ready = engines.includes('postgres') && (await redisReachable(REDIS_URL));
if (!ready && process.env.CI) throw new Error('PostgreSQL and Redis are needed for the no-show process test');

describe.skipIf(!ready)('no-shows with two processes on PostgreSQL and Redis', () => {
  const name = `rotaboard_test_${randomBytes(6).toString('hex')}`;
  let apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    // Two processes as deployed: each its own pool on the one database, both on the one Redis.
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
      const app = await buildApp(testConfig({ REDIS_URL, MAGIC_LINK_RESEND_SECONDS: '0' }), {
        database,
        logger: false,
      });
      app.addHook('onClose', async () => database.close());
      await app.ready();
      apps.push(app);
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    apps = [];
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });

  it('sends each no-show once when both check at the same instant', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const w = await world(a);
    const first = weekAhead();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await w.addShift(addDays(first, i), '08:00', '12:00'));
    for (let i = 0; i < 3; i++) {
      const now = at(addDays(first, i), '08:15');
      const rounds = await Promise.all([
        a.services.noShows.checkNoShows(now),
        b.services.noShows.checkNoShows(now),
        a.services.noShows.checkNoShows(now),
        b.services.noShows.checkNoShows(now),
      ]);
      expect(rounds.flat().map((s) => s.shiftId)).toEqual([ids[i]]);
    }
    // The dev outbox is the database's: both processes' emails are in it.
    const mails = await noShowMails(a);
    // Three shifts, two people told of each, once.
    expect(mails).toHaveLength(6);
    expect(mails.filter((m) => m.to === w.ownerEmail)).toHaveLength(3);
    expect((await a.db.select().from(noShowAlerts)).map((r) => r.shiftId).sort()).toEqual([...ids].sort());
  });

  it('skips a round while another process is checking, and tells the shift at the next', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const w = await world(a);
    const date = addDays(weekAhead(), 5);
    const shiftId = await w.addShift(date, '08:00', '12:00');
    const now = at(date, '08:20');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const gotLock = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Process A is checking: it holds the check's lock in its transaction.
    const checking = a.db.transaction(async (tx) => {
      expect(await createNoShowRepository(tx).tryCheckLock()).toBe(true);
      locked();
      await held;
    });
    await gotLock;
    expect(await b.services.noShows.checkNoShows(now)).toEqual([]);
    release();
    await checking;
    expect((await b.services.noShows.checkNoShows(now)).map((s) => s.shiftId)).toEqual([shiftId]);
  });

  it('lets only one of two processes’ inserts of a shift’s alert land, lock or no lock', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const w = await world(a);
    const shiftId = await w.addShift(addDays(weekAhead(), 4), '08:00', '12:00');
    const values = { shiftId, teamId: w.teamId, staffId: w.pat.staffId, sentAt: new Date() };
    for (let i = 0; i < 3; i++) {
      const landed = await Promise.all([
        createNoShowRepository(a.db).insertAlert(values),
        createNoShowRepository(b.db).insertAlert(values),
      ]);
      expect(landed.filter(Boolean)).toHaveLength(i === 0 ? 1 : 0);
    }
  });
});
