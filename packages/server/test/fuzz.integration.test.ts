/**
 * No request a user can send answers 5xx: a property test of every route in the OpenAPI document,
 * with bodies, queries and path parameters generated from each route's own schemas (test/support/fuzz),
 * sent as the owner, as a member of staff and signed out, on PGlite and PostgreSQL.
 *
 * In `npm test` it runs a fixed seed and a bounded number of runs per route. For a release check,
 * run it longer and with fresh seeds:
 *
 *   FUZZ_RUNS=2000 FUZZ_SEED=random npx vitest run --project server packages/server/test/fuzz.integration.test.ts
 *
 * A failure prints the request (method, URL, body, who sent it) and the response, already shrunk.
 */
import { addDays } from '@rotaboard/core/dates/week';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type JsonSchema, pathValue, queryValue, valueFor } from './support/fuzz.ts';
import { freshDatabase, inviteToken, latestLink, signIn, testConfig, tokenOf } from './support/harness.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const SEED = process.env.FUZZ_SEED === 'random' ? Date.now() : Number(process.env.FUZZ_SEED ?? 20_261_123);
const today = new Date().toISOString().slice(0, 10);

/** Routes whose purpose makes fuzzing them meaningless: the API's own documentation. */
const SKIPPED = (path: string) => path.startsWith('/api/docs');

type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content?: { 'application/json'?: { schema: JsonSchema } } };
};
type Actor = 'owner' | 'staff' | 'anonymous';

/** Percent-encodes a path segment; a lone surrogate (which encodeURIComponent refuses) goes as raw bytes. */
const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
type FuzzRequest = {
  actor: Actor;
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
};

/** The routes of the document the running app serves, so new routes are fuzzed without a change here. */
async function operations(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  return Object.entries(doc.paths)
    .filter(([path]) => !SKIPPED(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        ...op,
        method: method.toUpperCase() as Operation['method'],
        path,
      })),
    );
}

/** A team with people, shifts, a note, weekly hours and a lock, so requests reach deep code. */
async function buildWorld(app: FastifyInstance, n: number) {
  const ownerEmail = `fuzz.owner.${n}@pro-domain.test`;
  const owner = await signIn(app, ownerEmail, { firstName: 'Fuzz', lastName: 'Owner' });
  const as = (cookie: string | undefined) => (method: string, url: string, payload?: object) =>
    app.inject({
      method: method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(payload ? { payload } : {}),
    });
  const call = as(owner);
  const team = (await call('POST', '/api/teams', { teamName: `Fuzz ${n}`, ownerInStaffList: true })).json();
  const base = `/api/teams/${team.teamId}`;
  const workerEmail = `fuzz.worker.${n}@example.com`;
  const worker = (await call('POST', `${base}/staff`, { firstName: 'Wyn', email: workerEmail })).json();
  await call('POST', `${base}/invite`, { staffId: worker.staffId, email: workerEmail });
  await app.inject({
    method: 'POST',
    url: '/api/invites/accept',
    payload: { token: await inviteToken(app, workerEmail) },
  });
  const staff = await signIn(app, workerEmail, null);
  const admin = (await call('POST', `${base}/staff`, { firstName: 'Ada', isAdmin: true })).json();
  const invited = (await call('POST', `${base}/staff`, { firstName: 'Ivy' })).json();
  await call('POST', `${base}/invite`, { staffId: invited.staffId, email: `fuzz.ivy.${n}@example.com` });
  const shift = (
    await call('POST', `${base}/shifts`, {
      staffId: worker.staffId,
      shiftDate: today,
      startTime: '09:00',
      endTime: '17:00',
      attendanceAdjustments: [{ minutes: 15, reason: 'lateness', comment: 'bus' }],
    })
  ).json();
  const note = (await call('POST', `${base}/day-notes`, { noteDate: today, noteText: 'Delivery' })).json();
  const hours = (
    await call('POST', `${base}/weekly-hours`, {
      staffId: worker.staffId,
      hoursPerWeek: 37.5,
      effectiveFrom: today,
    })
  ).json();
  await call('PUT', `${base}/shifts/locked-until`, {
    lockedUntil: addDays(today, 3),
    hideScheduleAfterLock: true,
  });
  await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ownerEmail } });
  const linkToken = tokenOf(await latestLink(app, ownerEmail, '/login/verify/'));
  const byName: Record<string, string[]> = {
    id: [team.teamId],
    staffId: [worker.staffId, admin.staffId, invited.staffId],
    shiftId: [shift.shiftId],
    noteId: [note.noteId],
    entryId: [hours.entryId],
    token: [linkToken],
  };
  const all = Object.values(byName).flat();
  // The hashes edits must carry, as read now (each op starts from a fresh read: see ensureWorld).
  const hashes = async () => [
    (await call('GET', base)).json().hash as string,
    ...((await call('GET', `${base}/staff?includeAll=true`)).json() as { hash: string }[]).map((r) => r.hash),
  ];
  /** Ids for a field by its name (staffId → staff ids); any of the world's ids for other names. */
  const ids = (name: string) => fc.constantFrom(...(byName[name] ?? byName[name.replace(/s$/, '')] ?? all));
  return { owner, staff, ids, hashes, byName, check: () => call('GET', base) };
}

describe.each(['pglite', 'postgres'] as const)(
  'every route on %s answers bad input without a 5xx',
  (engine) => {
    let app: FastifyInstance;
    let dispose: () => Promise<void>;
    let ops: Operation[] = [];
    let world: Awaited<ReturnType<typeof buildWorld>>;
    let worlds = 0;
    const postgresWanted = engine === 'postgres';
    let available = true;

    beforeAll(async () => {
      try {
        const fresh = await freshDatabase(engine);
        dispose = fresh.dispose;
        app = await buildApp(testConfig({ MAGIC_LINK_RESEND_SECONDS: '0' }), {
          database: fresh.database,
          logger: false,
        });
        await app.ready();
      } catch (error) {
        // The harness decides whether PostgreSQL is required (REQUIRE_POSTGRES=1 in CI).
        if (postgresWanted && process.env.REQUIRE_POSTGRES !== '1') {
          available = false;
          return;
        }
        throw error;
      }
      ops = await operations(app);
      world = await buildWorld(app, ++worlds);
    }, 120_000);
    afterAll(async () => {
      if (!available) return;
      await app.close();
      await dispose();
    });

    /** Requests may delete the team or end the sessions; the next route starts from a whole world. */
    async function ensureWorld() {
      const check = await world.check();
      const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: world.staff } });
      if (check.statusCode !== 200 || me.statusCode !== 200) world = await buildWorld(app, ++worlds);
    }

    it('finds the routes in the OpenAPI document', () => {
      if (!available) return;
      expect(ops.length).toBeGreaterThan(40);
    });

    // The routes are read at run time; one test walks them all so the report names each failure.
    it('never answers 5xx, and every error has a sentence', async () => {
      if (!available) return;
      const failures: string[] = [];
      for (const op of ops) {
        await ensureWorld();
        world.byName.hash = await world.hashes();
        const ids = world.ids;
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const request: fc.Arbitrary<FuzzRequest> = fc.record({
          actor: fc.constantFrom<Actor>('owner', 'owner', 'owner', 'staff', 'anonymous'),
          path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(ids(p.name))]))),
          query: fc.record(
            Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema, ids, p.name)])),
          ),
          body: bodySchema ? valueFor(bodySchema, ids) : fc.constant(undefined),
        });
        const property = fc.asyncProperty(request, async (req) => {
          let url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(req.path[name] ?? ''));
          const query = new URLSearchParams();
          for (const [key, value] of Object.entries(req.query))
            if (value !== undefined) query.set(key, value);
          if ([...query].length) url += `?${query}`;
          const cookie =
            req.actor === 'owner' ? world.owner : req.actor === 'staff' ? world.staff : undefined;
          const res = await app.inject({
            method: op.method,
            url,
            headers: {
              ...(cookie ? { cookie } : {}),
              ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(req.body !== undefined ? { payload: JSON.stringify(req.body) } : {}),
          });
          const described = `${op.method} ${url} as ${req.actor} with ${JSON.stringify(req.body)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(described);
          if (res.statusCode >= 400) {
            const body = res.json() as { message?: unknown };
            if (typeof body.message !== 'string' || !body.message)
              throw new Error(`no message: ${described}`);
          }
        });
        const result = await fc.check(property, { numRuns: RUNS, seed: SEED, endOnFailure: false });
        if (result.failed) {
          failures.push(
            `${op.method} ${op.path} (seed ${result.seed}, path ${result.counterexamplePath}): ${
              result.errorInstance instanceof Error
                ? result.errorInstance.message
                : String(result.errorInstance)
            }`,
          );
        }
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    }, 600_000);
  },
);
