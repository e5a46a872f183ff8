import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { addDays } from '@rotaboard/core/dates/week';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createWeekCache, type WeekCache } from '../src/modules/shifts/week-cache.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  signIn,
  type TestApp,
  testConfig,
} from './support/harness.ts';
import { seededRandom } from './support/seeded-random.ts';

const today = new Date().toISOString().slice(0, 10);
const D = (n: number) => addDays(today, n);

const decode = (res: LightMyRequestResponse) => {
  const encoding = res.headers['content-encoding'];
  const raw = res.rawPayload;
  return (
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
  ).toString();
};

/**
 * What the week cache sends (built once per version, compressed fast first and better later) must be
 * exactly what a build from nothing gives, whatever changed and whichever instance changed it: two
 * instances with caches of their own on one database (as two processes would be: each learns of the
 * other's writes only from the database, through the schedule version), read after each of a random
 * sequence of changes by an administrator and by staff, against a third that keeps nothing.
 */
describe.each(engines)('cached week reads against builds from nothing on %s', (engine) => {
  let t: TestApp;
  let other: FastifyInstance;
  let fresh: FastifyInstance;
  const caches: WeekCache[] = [createWeekCache(), createWeekCache()];
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { weekCache: caches[0] });
    const config = testConfig({ MAGIC_LINK_RESEND_SECONDS: '0' });
    other = await buildApp(config, { database: t.database, logger: false, weekCache: caches[1] });
    fresh = await buildApp(config, { database: t.database, logger: false, weekCache: createWeekCache(0) });
    await Promise.all([other.ready(), fresh.ready()]);
  }, 180_000);
  afterAll(async () => {
    await other.close();
    await fresh.close();
    await t.close();
  });

  it('sends byte for byte what a build from nothing gives, after every kind of change by either instance', async () => {
    const random = seededRandom(engine === 'pglite' ? 11 : 29);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const ownerCookie = await signIn(t.app, `patch.owner.${engine}@pro-domain.test`);
    const apps = [t.app, other];
    const owners = apps.map((app) => client(app, ownerCookie));
    const team = (await owners[0]!('POST', '/api/teams', { teamName: 'Patched' })).json();
    const base = `/api/teams/${team.teamId}`;
    const staffIds: string[] = [];
    for (const firstName of ['Ann', 'Bea', 'Cy', 'Dee', 'Eve']) {
      staffIds.push((await owners[0]!('POST', `${base}/staff`, { firstName })).json().staffId);
    }
    // One of them signs in, to read as staff (no administrators' notes; the lock hides days).
    const email = `patch.staff.${engine}@example.com`;
    await owners[0]!('POST', `${base}/invite`, { staffId: staffIds[0], email });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, email) },
    });
    const staffCookie = await signIn(t.app, email, null);
    const week = `${base}/shifts?startDate=${D(0)}&endDate=${D(13)}`;
    const shiftIds = async () =>
      (
        (await fresh.inject({ method: 'GET', url: week, headers: { cookie: ownerCookie } })).json() as {
          shiftId: string;
        }[]
      ).map((s) => s.shiftId);
    const time = () => `${String(5 + Math.floor(random() * 12)).padStart(2, '0')}:${pick(['00', '30'])}`;
    const shiftBody = () => {
      const startTime = time();
      const endHour = Math.min(23, Number(startTime.slice(0, 2)) + 2 + Math.floor(random() * 6));
      return {
        staffId: pick(staffIds),
        shiftDate: D(Math.floor(random() * 14)),
        startTime,
        endTime: `${String(endHour).padStart(2, '0')}:${pick(['00', '15', '45'])}`,
        breakMinutes: pick([0, 15, 30]),
        colour: pick([null, 0, 3, 5]),
        notes: pick([null, 'Till 2', 'Tab\there, a "quote" and ünïcode', 'Line\nbreak']),
        notesVisibleToAll: random() < 0.6,
      };
    };

    const changes: [string, (owner: (typeof owners)[number]) => Promise<unknown>][] = [
      ['create', (owner) => owner('POST', `${base}/shifts`, shiftBody())],
      ['create', (owner) => owner('POST', `${base}/shifts`, shiftBody())],
      [
        'update',
        async (owner) => {
          const ids = await shiftIds();
          if (ids.length) await owner('PUT', `${base}/shifts/${pick(ids)}`, shiftBody());
        },
      ],
      [
        'move',
        async (owner) => {
          const ids = await shiftIds();
          const body = { ...shiftBody(), startTime: '06:00', endTime: '07:00', notes: null };
          if (ids.length) await owner('PUT', `${base}/shifts/${pick(ids)}`, body);
        },
      ],
      [
        'delete',
        async (owner) => {
          const ids = await shiftIds();
          if (ids.length) await owner('DELETE', `${base}/shifts/${pick(ids)}`);
        },
      ],
      [
        'time off',
        (owner) =>
          owner('POST', `${base}/shifts`, {
            staffId: pick(staffIds),
            shiftDate: D(Math.floor(random() * 14)),
            isTimeOff: true,
            ...(random() < 0.5 ? { timeOffDays: pick([1, 2, 0.5]) } : { timeOffHours: pick([4, 7.5]) }),
            notes: pick([null, 'Dentist']),
            notesVisibleToAll: false,
          }),
      ],
      [
        'day note',
        (owner) =>
          owner('POST', `${base}/day-notes`, {
            noteDate: D(Math.floor(random() * 14)),
            noteText: 'Delivery',
          }),
      ],
      [
        'staff added',
        async (owner) => {
          const res = await owner('POST', `${base}/staff`, { firstName: `New ${staffIds.length}` });
          if (res.statusCode === 201 || res.statusCode === 200) staffIds.push(res.json().staffId);
        },
      ],
      [
        'staff leaving',
        // A leaving date in the range: their entries after it go.
        (owner) =>
          owner(
            'DELETE',
            `${base}/staff/${pick(staffIds.slice(1))}?leavingDate=${D(3 + Math.floor(random() * 8))}`,
          ),
      ],
      [
        'staff removed',
        async (owner) => {
          if (staffIds.length <= 3) return;
          const [gone] = staffIds.splice(1 + Math.floor(random() * (staffIds.length - 1)), 1);
          await owner('DELETE', `${base}/staff/${gone}`);
        },
      ],
      [
        'lock',
        (owner) =>
          owner('PUT', `${base}/shifts/locked-until`, {
            lockedUntil: pick([null, D(2), D(9)]),
            hideScheduleAfterLock: random() < 0.7,
          }),
      ],
      [
        'copy week',
        (owner) => owner('POST', `${base}/shifts/copy-week`, { fromWeekStart: D(0), toWeekStart: D(7) }),
      ],
      ['clear week', (owner) => owner('POST', `${base}/shifts/clear-week`, { weekStartDate: D(7) })],
    ];

    const viewers = [ownerCookie, staffCookie];
    const previous = new Map<string, { etag: string; body: string }>();
    const encodings = [undefined, 'gzip', 'br', 'gzip, deflate, br, zstd'];
    const done: string[] = [];
    for (let step = 0; step < 70; step++) {
      const [name, change] = pick(changes);
      await change(pick(owners));
      done.push(name);
      for (const cookie of viewers) {
        const expected = await fresh.inject({ method: 'GET', url: week, headers: { cookie } });
        expect(expected.statusCode).toBe(200);
        const etag = String(expected.headers.etag);
        // Both instances, each with the previous version in its cache (read at the last step), each
        // read three times: built, then served the fast compression, then (once the background one
        // is made) the better one.
        for (const app of apps) {
          const encoding = pick(encodings);
          for (let read = 0; read < 3; read++) {
            const res = await app.inject({
              method: 'GET',
              url: week,
              headers: { cookie, ...(encoding ? { 'accept-encoding': encoding } : {}) },
            });
            expect(res.statusCode).toBe(200);
            expect(res.headers.etag, `after ${done.join(', ')}`).toBe(etag);
            expect(decode(res), `after ${done.join(', ')}`).toBe(expected.body);
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
        // A validator moves exactly when the bytes do (it may also move when they do not).
        const before = previous.get(cookie);
        if (before && before.body !== expected.body) expect(etag).not.toBe(before.etag);
        previous.set(cookie, { etag, body: expected.body });
      }
    }
    // Every kind of change was made, and both caches served versions compressed both ways.
    expect(new Set(done).size).toBe(new Set(changes.map(([name]) => name)).size);
    for (const cache of caches) expect(cache.recompressions).toBeGreaterThan(5);
  }, 240_000);
});

describe('compressing a week version', () => {
  const json = Buffer.from(
    JSON.stringify(Array.from({ length: 3000 }, (_, i) => ({ shift: i, note: `note ${i % 7}` }))),
  );
  const build = async () => json;

  it('sends a new version compressed at the fastest level at once, and the kept level once made', async () => {
    const cache = createWeekCache(10_000_000);
    const first = await cache.body('k', build, 'gzip');
    expect(first.body.equals(gzipSync(json, { level: 1 }))).toBe(true);
    // Read again: still the fast body, while the better one is made in the background (once).
    const again = await Promise.all([cache.body('k', build, 'gzip'), cache.body('k', build, 'gzip')]);
    for (const answer of again) expect(answer.body.equals(first.body)).toBe(true);
    const kept = gzipSync(json, { level: 6 });
    expect(kept.equals(first.body)).toBe(false);
    await vi.waitFor(async () => expect((await cache.body('k', build, 'gzip')).body.equals(kept)).toBe(true));
    expect(cache.recompressions).toBe(1);
    expect(cache.compressions).toBe(1);
    // The bound counts the body sent now, not the first one.
    expect(cache.bytes).toBe(json.byteLength + kept.byteLength + 1);
  });

  it('never compresses twice what it does not keep', async () => {
    const cache = createWeekCache(0);
    await cache.body('k', build, 'br');
    await cache.body('k', build, 'br');
    expect(cache.compressions).toBe(2);
    expect(cache.recompressions).toBe(0);
  });
});
