import { addDays, toIsoDate } from '@rotaboard/core/dates/week';
import { REQUESTS_PER_HOUR } from '@rotaboard/core/requests/swaps';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { requests } from '../src/db/schema.ts';
import {
  client,
  createTestApp,
  engines,
  inviteToken,
  sessionCookie,
  signIn,
  type TestApp,
  testConfig,
} from './support/harness.ts';
import { ownRedis } from './support/processes.ts';

const today = toIsoDate(new Date());
const day = (n: number) => addDays(today, n);

/**
 * Issue 45's "swap and give-away spam": one open swap or give-away per shift (a second is a 409 naming
 * the first, or not naming someone else's), even when two are sent at the same moment; and at most
 * REQUESTS_PER_HOUR requests per person an hour (429 with Retry-After), counted together by every
 * process through Redis.
 */
describe.each(engines)('request limits on %s', (engine) => {
  let t: TestApp;
  let other: FastifyInstance;
  let redis: Awaited<ReturnType<typeof ownRedis>>;
  beforeAll(async () => {
    redis = await ownRedis();
    t = await createTestApp(engine, { REDIS_URL: redis.url });
    // A second process on the same database and Redis.
    other = await buildApp(testConfig({ REDIS_URL: redis.url }), { database: t.database, logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
    await redis.stop();
  });

  let n = 0;
  async function world() {
    n += 1;
    const owner = client(t.app, await signIn(t.app, `owner.${n}@pro-domain.test`));
    const team = (await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: true })).json();
    const base = `/api/teams/${team.teamId}`;
    async function join(firstName: string) {
      const email = `${firstName.toLowerCase()}.${n}@example.com`;
      const row = (await owner('POST', `${base}/staff`, { firstName, lastName: 'Staff', email })).json();
      expect((await owner('POST', `${base}/invite`, { staffId: row.staffId, email })).statusCode).toBe(200);
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/api/invites/accept',
        payload: { token: await inviteToken(t.app, email), firstName, lastName: 'Staff' },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      const cookie = sessionCookie(accepted);
      return { call: client(t.app, cookie), onOther: client(other, cookie), staffId: row.staffId as string };
    }
    const sam = await join('Sam');
    const kim = await join('Kim');
    const shift = async (staffId: string, shiftDate: string) => {
      const res = await owner('POST', `${base}/shifts`, {
        staffId,
        shiftDate,
        startTime: '09:00',
        endTime: '17:00',
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().shiftId as string;
    };
    const openRequests = async () =>
      (await t.database.db.select().from(requests).where(eq(requests.teamId, team.teamId))).filter((row) =>
        ['awaiting_colleague', 'pending'].includes(row.status),
      );
    return { owner, base, sam, kim, shift, openRequests };
  }

  it('refuses a second give-away of the same shift, naming the first, until the first is cancelled', async () => {
    const w = await world();
    const mine = await w.shift(w.sam.staffId, day(3));
    const first = await w.sam.call('POST', `${w.base}/requests`, {
      requestType: 'give_away',
      shiftId: mine,
      targetStaffId: null,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await w.sam.call('POST', `${w.base}/requests`, {
      requestType: 'give_away',
      shiftId: mine,
      targetStaffId: w.kim.staffId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(
      `You already asked about this shift: “${first.json().description}” (waiting for approval). Cancel that request, or wait for its answer, before asking again.`,
    );
    expect(await w.openRequests()).toHaveLength(1);

    const cancelled = await w.sam.call('PUT', `${w.base}/requests/${first.json().requestId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const again = await w.sam.call('POST', `${w.base}/requests`, {
      requestType: 'give_away',
      shiftId: mine,
      targetStaffId: null,
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a request on a shift already asked for in a colleague’s swap, without telling what they asked', async () => {
    const w = await world();
    const mine = await w.shift(w.sam.staffId, day(3));
    const kims = await w.shift(w.kim.staffId, day(4));
    const swap = await w.sam.call('POST', `${w.base}/requests`, {
      requestType: 'swap',
      shiftId: mine,
      targetShiftId: kims,
    });
    expect(swap.statusCode, swap.body).toBe(201);
    const giveAway = await w.kim.call('POST', `${w.base}/requests`, {
      requestType: 'give_away',
      shiftId: kims,
      targetStaffId: null,
    });
    expect(giveAway.statusCode).toBe(409);
    expect(giveAway.json().message).toBe(
      'That shift is already in another open swap or give-away. Try again once it has been answered.',
    );
    expect(giveAway.json().message).not.toContain('Sam');
  });

  it('lets only one of two give-aways sent at the same moment through', async () => {
    const w = await world();
    const mine = await w.shift(w.sam.staffId, day(5));
    const answers = await Promise.all([
      w.sam.call('POST', `${w.base}/requests`, {
        requestType: 'give_away',
        shiftId: mine,
        targetStaffId: null,
      }),
      w.sam.onOther('POST', `${w.base}/requests`, {
        requestType: 'give_away',
        shiftId: mine,
        targetStaffId: null,
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await w.openRequests()).toHaveLength(1);
  });

  it(`allows ${REQUESTS_PER_HOUR} requests an hour per person across both processes, then 429 with Retry-After`, async () => {
    const w = await world();
    const ask = (call: typeof w.sam.call, i: number) =>
      call('POST', `${w.base}/requests`, {
        requestType: 'other',
        startDate: day(2 + (i % 20)),
        endDate: day(2 + (i % 20)),
        description: `Question ${i}`,
      });
    for (let i = 0; i < REQUESTS_PER_HOUR; i += 1) {
      // Half on each process: the count is Redis's, not either process's.
      const res = await ask(i % 2 === 0 ? w.sam.call : w.sam.onOther, i);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await ask(w.sam.onOther, 99);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      isRateLimit: true,
      retryAfterSeconds: retryAfter,
      message: expect.stringMatching(
        new RegExp(
          `^You have sent ${REQUESTS_PER_HOUR} requests in the last hour\\. You can send another in \\d+ minutes\\.$`,
        ),
      ),
    });
    expect((await ask(w.sam.call, 100)).statusCode).toBe(429);
    // Nothing was written by the refused ones; a colleague is not limited by Sam's count.
    expect((await w.openRequests()).length).toBe(REQUESTS_PER_HOUR);
    expect((await ask(w.kim.call, 1)).statusCode).toBe(201);
  });
});
