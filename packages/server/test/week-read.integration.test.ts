import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ShiftDto } from '@rotaboard/core/contracts/shifts';
import { addDays } from '@rotaboard/core/dates/week';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shifts, teams } from '../src/db/schema.ts';
import { createWeekCache } from '../src/modules/shifts/week-cache.ts';
import { client, createTestApp, engines, inviteToken, signIn, type TestApp } from './support/harness.ts';

const today = new Date().toISOString().slice(0, 10);
const D = (n: number) => addDays(today, n);

/**
 * The week read's validator: an unchanged week answers a conditional read with 304, every change to
 * the team's shifts (one at a time or a whole copied week) makes a new one, and a viewer who may see
 * less never shares a validator with one who sees more.
 */
describe.each(engines)('conditional week reads on %s', (engine) => {
  let t: TestApp;
  // The app's own week cache, held here so the single-flight test can count its builds.
  const weekCache = createWeekCache();
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { weekCache });
  });
  afterAll(async () => t.close());

  let n = 0;
  async function world() {
    const ownerCookie = await signIn(t.app, `etag.owner.${++n}@pro-domain.test`);
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Validated' })).json();
    const base = `/api/teams/${team.teamId}`;
    const email = `etag.staff.${n}@example.com`;
    const ann = (await owner('POST', `${base}/staff`, { firstName: 'Ann', email })).json();
    await owner('POST', `${base}/invite`, { staffId: ann.staffId, email });
    await t.app.inject({
      method: 'POST',
      url: '/api/invites/accept',
      payload: { token: await inviteToken(t.app, email) },
    });
    const staffCookie = await signIn(t.app, email, null);
    const week = `${base}/shifts?startDate=${D(0)}&endDate=${D(6)}`;
    const read = (cookie: string, etag?: string) =>
      t.app.inject({
        method: 'GET',
        url: week,
        headers: { cookie, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const shift = (shiftDate: string) => ({
      staffId: ann.staffId,
      shiftDate,
      startTime: '09:00',
      endTime: '17:00',
    });
    return { owner, ownerCookie, staffCookie, base, read, shift };
  }

  it('answers an unchanged week with 304 and a changed one with the new week', async () => {
    const w = await world();
    const first = await w.read(w.ownerCookie);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await w.read(w.ownerCookie, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const created = (await w.owner('POST', `${w.base}/shifts`, w.shift(D(1)))).json();
    const afterCreate = await w.read(w.ownerCookie, etag);
    expect(afterCreate.statusCode).toBe(200);
    expect(afterCreate.json().map((s: { shiftId: string }) => s.shiftId)).toEqual([created.shiftId]);
    const etag2 = String(afterCreate.headers.etag);
    expect(etag2).not.toBe(etag);

    // Every kind of change moves it on: an edit, a delete, a copied and a cleared week.
    const changes = [
      () => w.owner('PUT', `${w.base}/shifts/${created.shiftId}`, w.shift(D(2))),
      () => w.owner('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: D(0), toWeekStart: D(7) }),
      () => w.owner('POST', `${w.base}/shifts/clear-week`, { weekStartDate: D(7) }),
      () => w.owner('DELETE', `${w.base}/shifts/${created.shiftId}`),
    ];
    let current = etag2;
    for (const change of changes) {
      expect((await change()).statusCode).toBe(200);
      const res = await w.read(w.ownerCookie, current);
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).not.toBe(current);
      current = String(res.headers.etag);
    }
    // A refused change (a clash) writes nothing, so the week is still the same.
    await w.owner('POST', `${w.base}/shifts`, w.shift(D(3)));
    current = String((await w.read(w.ownerCookie)).headers.etag);
    expect((await w.owner('POST', `${w.base}/shifts`, w.shift(D(3)))).statusCode).toBe(409);
    expect((await w.read(w.ownerCookie, current)).statusCode).toBe(304);
  });

  it('moves the schedule version once per transaction, when it commits, however many entries it changed', async () => {
    const w = await world();
    const teamId = w.base.split('/').pop()!;
    const version = async () =>
      (await t.database.db.select({ v: teams.scheduleVersion }).from(teams).where(eq(teams.id, teamId)))[0]!
        .v;
    const start = await version();
    for (const day of [0, 1, 2, 3]) await w.owner('POST', `${w.base}/shifts`, w.shift(D(day)));
    expect(await version()).toBe(start + 4);
    // Four entries copied in one transaction: one step.
    await w.owner('POST', `${w.base}/shifts/copy-week`, { fromWeekStart: D(0), toWeekStart: D(7) });
    expect(await version()).toBe(start + 5);
    // A transaction rolled back leaves it where it was.
    await t.database.db
      .transaction(async (tx) => {
        await tx.delete(shifts).where(eq(shifts.teamId, teamId));
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await version()).toBe(start + 5);
  });

  it('never lets a viewer who may see less match a validator of one who sees more', async () => {
    const w = await world();
    await w.owner('POST', `${w.base}/shifts`, w.shift(D(1)));
    await w.owner('POST', `${w.base}/shifts`, w.shift(D(5)));
    await w.owner('PUT', `${w.base}/shifts/locked-until`, { lockedUntil: D(2), hideScheduleAfterLock: true });
    const ownerRead = await w.read(w.ownerCookie);
    expect(ownerRead.json()).toHaveLength(2);
    // Staff sending the owner's validator get their own (smaller) week, not a 304.
    const staffRead = await w.read(w.staffCookie, String(ownerRead.headers.etag));
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.json()).toHaveLength(1);
    expect(staffRead.headers.etag).not.toBe(ownerRead.headers.etag);
    expect((await w.read(w.staffCookie, String(staffRead.headers.etag))).statusCode).toBe(304);
    // Lifting the lock changes what staff may see, and so their validator.
    await w.owner('PUT', `${w.base}/shifts/locked-until`, {
      lockedUntil: null,
      hideScheduleAfterLock: false,
    });
    const lifted = await w.read(w.staffCookie, String(staffRead.headers.etag));
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toHaveLength(2);
  });

  it('answers shifts added for a person while they are removed without a 500 (no deadlock leaks)', async () => {
    const w = await world();
    const staff = (await w.owner('GET', `${w.base}/staff`)).json() as { staffId: string }[];
    const { staffId } = staff[0]!;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        w.owner('POST', `${w.base}/shifts`, {
          staffId,
          shiftDate: D(i),
          startTime: '09:00',
          endTime: '17:00',
        }),
      ),
      w.owner('DELETE', `${w.base}/staff/${staffId}`),
      ...Array.from({ length: 4 }, (_, i) =>
        w.owner('POST', `${w.base}/shifts`, {
          staffId,
          shiftDate: D(10 + i),
          startTime: '09:00',
          endTime: '17:00',
        }),
      ),
    ]);
    expect(results.map((r) => r.statusCode).filter((status) => status >= 500)).toEqual([]);
  });

  it('serves a repeated read from the week cache, never to a viewer who may see less', async () => {
    const w = await world();
    await w.owner('POST', `${w.base}/shifts`, {
      ...w.shift(D(1)),
      notes: 'Admins only',
      notesVisibleToAll: false,
    });
    const first = await w.read(w.ownerCookie);
    const again = await w.read(w.ownerCookie);
    expect(again.body).toBe(first.body);
    // The answer is sent pre-serialised: it must still be exactly what the contract describes.
    const week = z.array(ShiftDto).parse(first.json());
    expect(week[0]?.notes).toBe('Admins only');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Staff reading the same week right after get their own answer, without the admins' note.
    const staffWeek = z.array(ShiftDto).parse((await w.read(w.staffCookie)).json());
    expect(staffWeek).toHaveLength(1);
    expect(staffWeek[0]?.notes).toBeNull();
    // And a change is seen at once.
    await w.owner('POST', `${w.base}/shifts`, w.shift(D(2)));
    expect((await w.read(w.ownerCookie)).json()).toHaveLength(2);
  });
});

describe.each(engines)('single-flight week reads on %s', (engine) => {
  let t: TestApp;
  const weekCache = createWeekCache();
  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' }, { weekCache });
  });
  afterAll(async () => t.close());

  it('builds a changed week once and compresses it once per encoding, however many screens ask at once', async () => {
    const ownerCookie = await signIn(t.app, 'single.flight@pro-domain.test');
    const owner = client(t.app, ownerCookie);
    const team = (await owner('POST', '/api/teams', { teamName: 'Crowded' })).json();
    const base = `/api/teams/${team.teamId}`;
    const people = [];
    for (const firstName of ['Ann', 'Bea', 'Cy', 'Dee']) {
      people.push((await owner('POST', `${base}/staff`, { firstName })).json());
    }
    for (const [i, person] of people.entries()) {
      for (let day = 0; day < 7; day += 1) {
        await owner('POST', `${base}/shifts`, {
          staffId: person.staffId,
          shiftDate: D(day),
          startTime: `0${i + 5}:00`,
          endTime: '17:00',
        });
      }
    }
    const url = `${base}/shifts?startDate=${D(0)}&endDate=${D(6)}`;
    const read = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: ownerCookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const before = (await read()).json();
    expect(before).toHaveLength(28);

    // A change: every screen of the team refetches the new version at the same moment.
    const newcomer = (await owner('POST', `${base}/staff`, { firstName: 'Eve' })).json();
    const change = await owner('POST', `${base}/shifts`, {
      staffId: newcomer.staffId,
      shiftDate: D(3),
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(change.statusCode, change.body).toBe(201);
    const builds = weekCache.builds;
    const compressions = weekCache.compressions;
    const encodings = [...Array(8).fill('br, gzip'), ...Array(6).fill('gzip'), ...Array(6).fill(undefined)];
    const answers = await Promise.all(encodings.map((encoding) => read(encoding)));
    expect(weekCache.builds - builds).toBe(1);
    expect(weekCache.compressions - compressions).toBe(2);

    const plain = answers.at(-1)!;
    expect(plain.headers['content-encoding']).toBeUndefined();
    const week = z.array(ShiftDto).parse(plain.json());
    expect(week).toHaveLength(29);
    for (const [i, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers.vary).toContain('accept-encoding');
      const encoding = encodings[i] === 'gzip' ? 'gzip' : encodings[i] ? 'br' : undefined;
      expect(answer.headers['content-encoding']).toBe(encoding);
      const raw = answer.rawPayload;
      const body =
        encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
      expect(body.toString()).toBe(plain.body);
      expect(Number(answer.headers['content-length'])).toBe(raw.byteLength);
    }

    // Kept: the next reads of this version build and compress nothing.
    await Promise.all([read('br'), read('gzip'), read()]);
    expect(weekCache.builds - builds).toBe(1);
    expect(weekCache.compressions - compressions).toBe(2);
  });
});

describe('the week cache', () => {
  const bytes = (length: number, fill: string) => Buffer.alloc(length, fill);

  it('keeps the most recently used answers up to its size in bytes, keys included', () => {
    // Room for two 400-byte answers (keys are 1 byte each), not three.
    const cache = createWeekCache(1000);
    cache.set('a', bytes(400, 'a'));
    cache.set('b', bytes(400, 'b'));
    expect(cache.get('a')?.toString()).toBe('a'.repeat(400));
    cache.set('c', bytes(400, 'c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.byteLength).toBe(400);
    expect(cache.get('c')?.byteLength).toBe(400);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(802);
  });

  it('drops as many small answers as one big one needs, and never keeps one bigger than the bound', () => {
    const cache = createWeekCache(1000);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, bytes(99, key));
    expect(cache.size).toBe(5);
    cache.set('big', bytes(700, 'x'));
    expect(cache.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('big')?.byteLength).toBe(700);
    expect(['a', 'b', 'c', 'd', 'e'].filter((key) => cache.get(key))).toEqual(['d', 'e']);
    cache.set('huge', bytes(2000, 'h'));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.bytes).toBeLessThanOrEqual(1000);
  });

  it('counts compressed forms in its bound', async () => {
    const cache = createWeekCache(100_000);
    const json = Buffer.from(JSON.stringify(Array.from({ length: 500 }, (_, i) => ({ shift: i }))));
    await cache.body('k', async () => json, 'gzip');
    const gzipped = (await cache.body('k', async () => json, 'gzip')).body;
    expect(cache.bytes).toBe(json.byteLength + gzipped.byteLength + 1);
    // Below 1 KB nothing is compressed: it would cost more than it saves.
    expect(await cache.body('small', async () => Buffer.from('[]'), 'br')).toEqual({
      body: Buffer.from('[]'),
    });
  });

  it('shares one build among reads at the same moment even when it keeps nothing, and tries a failed build again', async () => {
    const cache = createWeekCache(0);
    let built = 0;
    const build = async () => {
      built += 1;
      await new Promise((r) => setTimeout(r, 10));
      return Buffer.from('[1]');
    };
    await Promise.all([cache.body('k', build), cache.body('k', build), cache.body('k', build)]);
    expect(built).toBe(1);
    await cache.body('k', build);
    expect(built).toBe(2);
    const failing = async (): Promise<Buffer> => {
      throw new Error('database away');
    };
    await expect(cache.body('f', failing)).rejects.toThrow('database away');
    expect((await cache.body('f', build)).body.toString()).toBe('[1]');
  });

  it('keeps nothing with a bound of 0 (WEEK_CACHE_MB=0)', () => {
    const cache = createWeekCache(0);
    cache.set('a', bytes(10, 'a'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
