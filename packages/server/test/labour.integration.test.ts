import { Writable } from 'node:stream';
import { LABOUR_COST_IS_PRO } from '@rotaboard/core/plans/plan-limits';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payRates, teams } from '../src/db/schema.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';
import { address, addShift, type Call, type StaffingWorld, staffingWorld } from './support/staffing-world.ts';

/**
 * Labour cost's API (issue 43, docs/labour-cost.md): pay rates, labour settings and `/labour`, on Pro,
 * for owners and administrators (a member of staff reads only their own rates). One app per engine;
 * the cost rules themselves are core's (packages/core/test/labour-*.test.ts), checked here through
 * the API with exact minor-unit totals.
 */

/** A Monday (weeks start on Monday in these teams). */
const WEEK = '2027-03-01';
const NEXT_WEEK = '2027-03-08';
const OTHER_TEAM_ID = '00000000-0000-4000-8000-000000000000';
/** A rate no log line may carry. */
const SECRET_RATE = 87_654;

describe.each(engines)('labour cost on %s', (engine) => {
  let t: TestApp;
  let pro: StaffingWorld;
  let free: StaffingWorld;
  let outsider: Call;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp(
      engine,
      { MAGIC_LINK_RESEND_SECONDS: '0', LOG_LEVEL: 'info' },
      { logger: true, logStream },
    );
    pro = await staffingWorld(t);
    free = await staffingWorld(t, { plan: 'free' });
    outsider = client(t.app, await signIn(t.app, address('outsider', 'pro-domain.test')));
  }, 120_000);
  afterAll(async () => t?.close());

  const ratesUrl = (w: StaffingWorld, staffId: string) => `${w.base}/staff/${staffId}/pay-rates`;
  const storedRates = (teamId: string) =>
    t.database.db.select().from(payRates).where(eq(payRates.teamId, teamId));
  const auditOf = (teamId: string, entityType: 'pay_rate' | 'labour_settings') =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.teamId, teamId), eq(auditLog.entityType, entityType)));
  const settingsUrl = (w: StaffingWorld) => `${w.base}/labour-settings`;
  const labourUrl = (w: StaffingWorld, startDate: string, endDate: string) =>
    `${w.base}/labour?startDate=${startDate}&endDate=${endDate}`;

  it('adds, lists (newest first) and deletes rates as the owner and administrators, audited', async () => {
    const url = ratesUrl(pro, pro.pat.staffId);
    const first = await pro.owner('POST', url, { effectiveFrom: WEEK, hourlyRateMinor: 1200 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      payRateId: expect.any(String),
      effectiveFrom: WEEK,
      hourlyRateMinor: 1200,
    });
    const second = await pro.admin!.call('POST', url, { effectiveFrom: '2027-03-04', hourlyRateMinor: 1500 });
    expect(second.statusCode, second.body).toBe(201);
    const scratch = await pro.owner('POST', url, { effectiveFrom: '2027-06-01', hourlyRateMinor: 0 });
    expect(scratch.statusCode, scratch.body).toBe(201);

    const listed = await pro.admin!.call('GET', url);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().payRates.map((r: { effectiveFrom: string }) => r.effectiveFrom)).toEqual([
      '2027-06-01',
      '2027-03-04',
      WEEK,
    ]);

    const removed = await pro.admin!.call('DELETE', `${url}/${scratch.json().payRateId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Pay rate deleted' });
    expect((await pro.owner('GET', url)).json()).toEqual({
      payRates: [second.json(), first.json()],
    });

    const audits = await auditOf(pro.teamId, 'pay_rate');
    expect(audits.map((a) => [a.action, a.changedBy])).toEqual(
      expect.arrayContaining([
        ['CREATE', pro.ownerId],
        ['DELETE', expect.any(String)],
      ]),
    );
    expect(audits).toHaveLength(4);
    expect(audits.find((a) => a.action === 'DELETE')?.oldValues).toEqual({
      staffId: pro.pat.staffId,
      effectiveFrom: '2027-06-01',
      hourlyRateMinor: 0,
    });
  });

  it('refuses a second rate on the same date with 409 and a sentence, writing nothing', async () => {
    const url = ratesUrl(pro, pro.sam.staffId);
    expect((await pro.owner('POST', url, { effectiveFrom: WEEK, hourlyRateMinor: 1000 })).statusCode).toBe(
      201,
    );
    const before = (await storedRates(pro.teamId)).length;
    const again = await pro.admin!.call('POST', url, { effectiveFrom: WEEK, hourlyRateMinor: 1100 });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: `Sam already has a pay rate from ${WEEK}. Delete it to set another from that date.`,
    });
    expect((await storedRates(pro.teamId)).length).toBe(before);
  });

  it('refuses every bad rate with a 400 naming hourlyRateMinor, and changes nothing', async () => {
    const url = ratesUrl(pro, pro.pat.staffId);
    const before = await storedRates(pro.teamId);
    const audits = (await auditOf(pro.teamId, 'pay_rate')).length;
    for (const hourlyRateMinor of [-1, 1_000_001, 12.5, '1200', null]) {
      const res = await pro.owner('POST', url, { effectiveFrom: '2027-09-01', hourlyRateMinor });
      expect(res.statusCode, `${hourlyRateMinor}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual(['hourlyRateMinor']);
      expect(res.json().message).toContain('hourlyRateMinor');
    }
    const noDate = await pro.owner('POST', url, { effectiveFrom: '1 March', hourlyRateMinor: 1000 });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors[0].path).toBe('effectiveFrom');
    // The bounds themselves are allowed.
    for (const [date, rate] of [
      ['2027-09-02', 0],
      ['2027-09-03', 1_000_000],
    ] as const) {
      const ok = await pro.owner('POST', url, { effectiveFrom: date, hourlyRateMinor: rate });
      expect(ok.statusCode, ok.body).toBe(201);
      await pro.owner('DELETE', `${url}/${ok.json().payRateId}`);
    }
    expect(await storedRates(pro.teamId)).toEqual(before);
    expect((await auditOf(pro.teamId, 'pay_rate')).length).toBe(audits + 4);
  });

  it('lets a member of staff read only their own rates, and change none', async () => {
    const own = await pro.pat.call('GET', ratesUrl(pro, pro.pat.staffId));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().payRates.length).toBeGreaterThan(0);
    const others = await pro.pat.call('GET', ratesUrl(pro, pro.sam.staffId));
    expect(others.statusCode).toBe(403);
    expect(others.json()).toEqual({ code: 'FORBIDDEN', message: 'You can only see your own pay rates' });
    expect(others.body).not.toContain('1000');
    expect((await pro.sam.call('GET', ratesUrl(pro, pro.admin!.staffId))).statusCode).toBe(403);

    const before = await storedRates(pro.teamId);
    const ownRate = own.json().payRates[0].payRateId;
    for (const res of [
      await pro.pat.call('POST', ratesUrl(pro, pro.pat.staffId), {
        effectiveFrom: '2027-10-01',
        hourlyRateMinor: 9,
      }),
      await pro.pat.call('DELETE', `${ratesUrl(pro, pro.pat.staffId)}/${ownRate}`),
      await pro.sam.call('POST', ratesUrl(pro, pro.pat.staffId), {
        effectiveFrom: '2027-10-01',
        hourlyRateMinor: 9,
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe('Only the team owner and administrators can do this');
    }
    expect(await storedRates(pro.teamId)).toEqual(before);
  });

  it('answers 404 for outsiders, people not in the team and rates not theirs; 401 signed out', async () => {
    const url = ratesUrl(pro, pro.pat.staffId);
    const [patRate] = (await pro.owner('GET', url)).json().payRates;
    for (const [what, res] of [
      ['outsider GET', await outsider('GET', url)],
      ['outsider POST', await outsider('POST', url, { effectiveFrom: '2027-10-01', hourlyRateMinor: 9 })],
      ['outsider DELETE', await outsider('DELETE', `${url}/${patRate.payRateId}`)],
      ['another team’s person', await pro.owner('GET', ratesUrl(pro, free.pat.staffId))],
      [
        'no such person',
        await pro.owner('POST', ratesUrl(pro, OTHER_TEAM_ID), {
          effectiveFrom: '2027-10-01',
          hourlyRateMinor: 9,
        }),
      ],
      [
        'a rate under someone else',
        await pro.owner('DELETE', `${ratesUrl(pro, pro.sam.staffId)}/${patRate.payRateId}`),
      ],
      ['no such rate', await pro.owner('DELETE', `${url}/${OTHER_TEAM_ID}`)],
      ['another team', await pro.owner('GET', `/api/teams/${OTHER_TEAM_ID}/labour-settings`)],
    ] as const) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(404);
    }
    expect((await client(t.app)('GET', url)).statusCode).toBe(401);
    expect((await pro.owner('GET', url)).json().payRates[0]).toEqual(patRate);
  });

  it('refuses a Free team everywhere with 403 naming Pro, writing nothing', async () => {
    const url = ratesUrl(free, free.pat.staffId);
    for (const res of [
      await free.owner('GET', url),
      await free.owner('POST', url, { effectiveFrom: WEEK, hourlyRateMinor: 1000 }),
      await free.pat.call('GET', url),
      await free.owner('GET', settingsUrl(free)),
      await free.owner('PUT', settingsUrl(free), {
        weeklyBudgetMinor: 1,
        overtimeAfterMinutes: null,
        overtimeMultiplier: 1.5,
      }),
      await free.owner('GET', labourUrl(free, WEEK, '2027-03-07')),
    ]) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ code: 'PLAN_LIMIT', message: LABOUR_COST_IS_PRO });
    }
    expect(LABOUR_COST_IS_PRO).toContain('Pro');
    expect(await storedRates(free.teamId)).toEqual([]);
    expect(await auditOf(free.teamId, 'labour_settings')).toEqual([]);
  });

  it('gives the default labour settings, saves them for the owner and administrators, audited', async () => {
    const url = settingsUrl(pro);
    const first = await pro.admin!.call('GET', url);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      weeklyBudgetMinor: null,
      overtimeAfterMinutes: null,
      overtimeMultiplier: 1.5,
    });

    const settings = { weeklyBudgetMinor: 20_000, overtimeAfterMinutes: 600, overtimeMultiplier: 1.25 };
    const put = await pro.admin!.call('PUT', url, settings);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(settings);
    expect((await pro.owner('GET', url)).json()).toEqual(settings);
    const [row] = await t.database.db.select().from(teams).where(eq(teams.id, pro.teamId));
    expect(row).toMatchObject({
      weeklyBudgetMinor: 20_000,
      overtimeAfterMinutes: 600,
      overtimeMultiplierHundredths: 125,
    });

    const again = await pro.owner('PUT', url, { ...settings, overtimeMultiplier: 1.5 });
    expect(again.json()).toEqual({ ...settings, overtimeMultiplier: 1.5 });
    const audits = await auditOf(pro.teamId, 'labour_settings');
    expect(audits).toHaveLength(2);
    // Only what changed.
    expect(audits.find((a) => a.changedBy === pro.ownerId)).toMatchObject({
      action: 'UPDATE',
      entityId: pro.teamId,
      oldValues: { overtimeMultiplier: 1.25 },
      newValues: { overtimeMultiplier: 1.5 },
    });

    for (const [who, call, status] of [
      ['staff', pro.pat.call, 403],
      ['outsider', outsider, 404],
      ['signed out', client(t.app), 401],
    ] as const) {
      expect((await call('GET', url)).statusCode, who).toBe(status);
      expect((await call('PUT', url, settings)).statusCode, who).toBe(status);
    }
  });

  it('refuses bad settings with a 400 naming the field, and changes nothing', async () => {
    const url = settingsUrl(pro);
    const before = (await pro.owner('GET', url)).json();
    const audits = (await auditOf(pro.teamId, 'labour_settings')).length;
    const bad: [Record<string, unknown>, string][] = [
      [{ overtimeMultiplier: 3.5 }, 'overtimeMultiplier'],
      [{ overtimeMultiplier: 1.255 }, 'overtimeMultiplier'],
      [{ overtimeMultiplier: 0.9 }, 'overtimeMultiplier'],
      [{ weeklyBudgetMinor: -1 }, 'weeklyBudgetMinor'],
      [{ weeklyBudgetMinor: 100.5 }, 'weeklyBudgetMinor'],
      [{ overtimeAfterMinutes: 'forty hours' }, 'overtimeAfterMinutes'],
      [{ overtimeAfterMinutes: 7 * 24 * 60 + 1 }, 'overtimeAfterMinutes'],
    ];
    for (const [change, field] of bad) {
      const res = await pro.owner('PUT', url, { ...before, ...change });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toEqual([field]);
    }
    expect((await pro.owner('GET', url)).json()).toEqual(before);
    expect((await auditOf(pro.teamId, 'labour_settings')).length).toBe(audits);
  });

  it('costs a week through /labour: a rate changing mid-week, overtime in time order, budget, time off', async () => {
    // Settings so far: budget 20,000, overtime after 600 minutes at 1.5. Sam: 1,000 from Monday;
    // a rise to 1,300 from Wednesday. Pat: 1,200 from Monday, 1,500 from Thursday. Ada: no rate.
    const sam = pro.sam.staffId;
    const rise = await pro.owner('POST', ratesUrl(pro, sam), {
      effectiveFrom: '2027-03-03',
      hourlyRateMinor: 1300,
    });
    expect(rise.statusCode, rise.body).toBe(201);
    await addShift(pro.owner, pro.base, sam, WEEK, '09:00', '15:00'); // 360 min at 1,000: 6,000
    const wed = await pro.owner('POST', `${pro.base}/shifts`, {
      staffId: sam,
      shiftDate: '2027-03-03',
      startTime: '09:00',
      endTime: '15:00',
      breakMinutes: 30,
    });
    expect(wed.statusCode, wed.body).toBe(201);
    // 330 min at 1,300, the last 90 past 600: (330·1300 + 90·1300·0.5) / 60 = 8,125
    await addShift(pro.owner, pro.base, sam, '2027-03-05', '10:00', '12:00'); // all overtime: 3,900
    const timeOff = await pro.owner('POST', `${pro.base}/shifts`, {
      staffId: sam,
      shiftDate: '2027-03-04',
      isTimeOff: true,
      timeOffHours: 8,
    });
    expect(timeOff.statusCode, timeOff.body).toBe(201); // costs nothing
    await addShift(pro.owner, pro.base, pro.pat.staffId, '2027-03-04', '09:00', '10:01'); // 61 at 1,500: 1,525
    await addShift(pro.owner, pro.base, pro.admin!.staffId, '2027-03-02', '09:00', '17:00'); // no rate: 0
    await addShift(pro.owner, pro.base, sam, NEXT_WEEK, '09:00', '17:00'); // a new week: 480 at 1,300: 10,400

    const week = await pro.admin!.call('GET', labourUrl(pro, WEEK, '2027-03-07'));
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json()).toEqual({
      currency: 'USD',
      days: [
        { date: WEEK, minutes: 360, costMinor: 6000 },
        { date: '2027-03-02', minutes: 480, costMinor: 0 },
        { date: '2027-03-03', minutes: 330, costMinor: 8125 },
        { date: '2027-03-04', minutes: 61, costMinor: 1525 },
        { date: '2027-03-05', minutes: 120, costMinor: 3900 },
        { date: '2027-03-06', minutes: 0, costMinor: 0 },
        { date: '2027-03-07', minutes: 0, costMinor: 0 },
      ],
      people: [
        {
          staffId: pro.admin!.staffId,
          staffName: 'Ada',
          minutes: 480,
          overtimeMinutes: 0,
          costMinor: 0,
          missingRate: true,
        },
        {
          staffId: pro.pat.staffId,
          staffName: 'Pat',
          minutes: 61,
          overtimeMinutes: 0,
          costMinor: 1525,
          missingRate: false,
        },
        {
          staffId: sam,
          staffName: 'Sam',
          minutes: 810,
          overtimeMinutes: 210,
          costMinor: 18025,
          missingRate: false,
        },
      ],
      totals: { minutes: 1351, overtimeMinutes: 210, costMinor: 19550 },
      weeks: [{ weekStart: WEEK, costMinor: 19550, budgetMinor: 20000, overBudget: false }],
    });

    // From mid-week: Wednesday's overtime still counts Monday's hours; the week's cost is the whole week's.
    const midWeek = (await pro.owner('GET', labourUrl(pro, '2027-03-03', NEXT_WEEK))).json();
    expect(midWeek.totals).toEqual({
      minutes: 330 + 61 + 120 + 480,
      overtimeMinutes: 210,
      costMinor: 8125 + 1525 + 3900 + 10400,
    });
    expect(midWeek.people.find((p: { staffId: string }) => p.staffId === sam)).toMatchObject({
      minutes: 930,
      overtimeMinutes: 210,
      costMinor: 8125 + 3900 + 10400,
    });
    expect(midWeek.days).toHaveLength(6);
    expect(midWeek.weeks).toEqual([
      { weekStart: WEEK, costMinor: 19550, budgetMinor: 20000, overBudget: false },
      { weekStart: NEXT_WEEK, costMinor: 10400, budgetMinor: 20000, overBudget: false },
    ]);

    // A lower budget: the first week is over it.
    await pro.owner('PUT', settingsUrl(pro), {
      weeklyBudgetMinor: 19_549,
      overtimeAfterMinutes: 600,
      overtimeMultiplier: 1.5,
    });
    const over = (await pro.owner('GET', labourUrl(pro, WEEK, NEXT_WEEK))).json();
    expect(over.weeks).toEqual([
      { weekStart: WEEK, costMinor: 19550, budgetMinor: 19549, overBudget: true },
      { weekStart: NEXT_WEEK, costMinor: 10400, budgetMinor: 19549, overBudget: false },
    ]);
  });

  it('limits /labour to owners and administrators and 62 days', async () => {
    const ok = await pro.owner('GET', labourUrl(pro, WEEK, '2027-05-01')); // 62 days
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().days).toHaveLength(62);
    const long = await pro.owner('GET', labourUrl(pro, WEEK, '2027-05-02')); // 63 days
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.map((e: { path: string }) => e.path)).toEqual(['endDate']);
    const backwards = await pro.owner('GET', labourUrl(pro, '2027-03-05', WEEK));
    expect(backwards.statusCode).toBe(400);
    expect((await pro.owner('GET', `${pro.base}/labour?startDate=${WEEK}`)).statusCode).toBe(400);
    for (const [who, call, status] of [
      ['staff', pro.pat.call, 403],
      ['outsider', outsider, 404],
      ['signed out', client(t.app), 401],
    ] as const) {
      expect((await call('GET', labourUrl(pro, WEEK, '2027-03-07'))).statusCode, who).toBe(status);
    }
  });

  it('counts a clock-change night in a Europe/London team by real elapsed time, in its currency', async () => {
    const made = await pro.owner('POST', '/api/teams', {
      teamName: 'London Bakery',
      weekStartDay: 1,
      timeZone: 'Europe/London',
    });
    expect(made.statusCode, made.body).toBe(201);
    const teamId = made.json().teamId as string;
    const base = `/api/teams/${teamId}`;
    // The team API does not set the currency yet (a later change): set as a GBP owner's team would be.
    await t.database.db.update(teams).set({ currency: 'GBP' }).where(eq(teams.id, teamId));
    const nia = await pro.owner('POST', `${base}/staff`, { firstName: 'Nia', role: 'Baker' });
    expect(nia.statusCode, nia.body).toBe(201);
    const staffId = nia.json().staffId as string;
    const rate = await pro.owner('POST', `${base}/staff/${staffId}/pay-rates`, {
      effectiveFrom: '2027-10-01',
      hourlyRateMinor: 1000,
    });
    expect(rate.statusCode, rate.body).toBe(201);
    // The clocks go back at 02:00 on Sunday 31 October 2027: 22:00 to 06:00 is nine hours.
    await addShift(pro.owner, base, staffId, '2027-10-30', '22:00', '06:00');
    const res = await pro.owner('GET', `${base}/labour?startDate=2027-10-30&endDate=2027-10-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      currency: 'GBP',
      days: [
        { date: '2027-10-30', minutes: 540, costMinor: 9000 },
        { date: '2027-10-31', minutes: 0, costMinor: 0 },
      ],
      totals: { minutes: 540, overtimeMinutes: 0, costMinor: 9000 },
      weeks: [{ weekStart: '2027-10-25', costMinor: 9000, budgetMinor: null, overBudget: false }],
    });
  });

  it('audits a rate set in support mode as the agent, for the owner; no rate is ever logged', async () => {
    const agentCookie = await signIn(t.app, 'help@rotaboard.test', { firstName: 'Hal', lastName: 'Helper' });
    const agent = client(t.app, agentCookie);
    const agentId = (await agent('GET', '/api/auth/me')).json().user.id as string;
    const ticket = await pro.owner('POST', '/api/support/tickets', {
      title: 'Rates',
      message: 'Please set Pat’s',
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    const started = await agent('POST', `/api/auth/impersonate/${pro.ownerId}`);
    const support = started.cookies.find((c) => c.name === 'rotaboard_support');
    expect(support?.value, started.body).toBeTruthy();
    const asOwner = client(t.app, `${agentCookie}; rotaboard_support=${support!.value}`);

    const res = await asOwner('POST', ratesUrl(pro, pro.pat.staffId), {
      effectiveFrom: '2027-12-01',
      hourlyRateMinor: SECRET_RATE,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = (await auditOf(pro.teamId, 'pay_rate')).filter((a) => a.entityId === res.json().payRateId);
    expect({ changedBy: row?.changedBy, onBehalfOf: row?.onBehalfOf }).toEqual({
      changedBy: agentId,
      onBehalfOf: pro.ownerId,
    });
    expect((await pro.owner('GET', ratesUrl(pro, pro.pat.staffId))).body).toContain(String(SECRET_RATE));
    const refused = await pro.owner('POST', ratesUrl(pro, pro.pat.staffId), {
      effectiveFrom: '2027-12-01',
      hourlyRateMinor: SECRET_RATE,
    });
    expect(refused.statusCode).toBe(409);

    expect(logLines.length).toBeGreaterThan(0);
    // As a number of its own: a log line's timestamp or response time may hold the same digits.
    const rateAsValue = new RegExp(`(?<![\\d.])${SECRET_RATE}(?![\\d.])`);
    expect(logLines.filter((line) => rateAsValue.test(line))).toEqual([]);
    expect(logLines.filter((line) => line.includes('hourlyRateMinor'))).toEqual([]);
  });
});
