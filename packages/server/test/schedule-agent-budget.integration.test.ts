import { SCHEDULE_AGENT_SWITCHED_OFF } from '@rotaboard/core/contracts/proposals';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, proposals, teamStaffingSettings } from '../src/db/schema.ts';
import { planAgentRun } from '../src/modules/schedule-agent/agent/plan-run.ts';
import { client, createTestApp, engines, signIn, type TestApp } from './support/harness.ts';

/**
 * The schedule agent and labour cost through the app (issue 43): the run keeps to a budget that a
 * cheaper plan fits, puts coverage before it when none does, and reports `cost`, whose `afterMinor` is
 * what `/labour` says of the week once the proposal is accepted whole; the team's switch gates runs.
 *
 * A café with one slot, Monday 09:00–17:00. Ana costs 20.00 an hour, Ben 10.00; Ben already works
 * Tuesday 09:00–17:00 (80.00), so fairness alone gives Monday to Ana.
 */
const today = new Date().toISOString().slice(0, 10);
const monday = addDays(startOfWeek(today, 1), 21);
const sunday = addDays(monday, 6);

describe.each(engines)('the schedule agent and the budget on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      engine,
      { MAGIC_LINK_RESEND_SECONDS: '0' },
      { agentPlanner: (input) => planAgentRun({ ...input, seconds: input.seconds ?? 20 }) },
    );
  });
  afterAll(async () => t.close());

  let n = 0;
  async function cafe(weeklyBudgetMinor: number | null) {
    const owner = client(t.app, await signIn(t.app, `budget.${++n}@pro-domain.test`));
    const team = (
      await owner('POST', '/api/teams', { teamName: 'Cafe', ownerInStaffList: false, currency: 'GBP' })
    ).json();
    const base = `/api/teams/${team.teamId}`;
    const ana = (await owner('POST', `${base}/staff`, { firstName: 'Ana' })).json().staffId as string;
    const ben = (await owner('POST', `${base}/staff`, { firstName: 'Ben' })).json().staffId as string;
    for (const [staffId, hourlyRateMinor] of [
      [ana, 2000],
      [ben, 1000],
    ] as const) {
      const res = await owner('POST', `${base}/staff/${staffId}/pay-rates`, {
        effectiveFrom: addDays(monday, -30),
        hourlyRateMinor,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const settings = await owner('PUT', `${base}/labour-settings`, {
      weeklyBudgetMinor,
      overtimeAfterMinutes: null,
      overtimeMultiplier: 1.5,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const tuesday = await owner('POST', `${base}/shifts`, {
      staffId: ben,
      shiftDate: addDays(monday, 1),
      startTime: '09:00',
      endTime: '17:00',
    });
    expect(tuesday.statusCode, tuesday.body).toBe(201);
    await t.database.db.insert(teamStaffingSettings).values({
      teamId: team.teamId,
      settings: {
        coverage: [
          { weekday: 1, startTime: '09:00', endTime: '17:00', breakMinutes: 0, staffCount: 1, role: null },
        ],
        rules: {
          minRestHours: { value: 11, strict: true },
          maxWeeklyHours: { value: 48, strict: false },
          maxConsecutiveDays: { value: 6, strict: false },
          minShiftHours: { value: 3, strict: false },
          maxShiftHours: { value: 12, strict: false },
        },
      },
    });
    return { owner, base, teamId: team.teamId as string, ana, ben };
  }
  type Cafe = Awaited<ReturnType<typeof cafe>>;

  const run = (w: Cafe) =>
    w.owner('POST', `${w.base}/schedule-agent/runs`, { startDate: monday, endDate: sunday });

  /** Runs, accepts the whole proposal, and checks its cost against /labour before and after. */
  async function runAndAccept(w: Cafe) {
    const labourWeek = async () => {
      const res = await w.owner('GET', `${w.base}/labour?startDate=${monday}&endDate=${sunday}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().weeks[0];
    };
    const before = await labourWeek();
    const res = await run(w);
    expect(res.statusCode, res.body).toBe(201);
    const plan = res.json();
    expect(plan.cost.beforeMinor).toBe(before.costMinor);
    const stored = (await w.owner('GET', `${w.base}/proposals/${plan.proposalId}`)).json();
    expect(stored.cost).toEqual(plan.cost);
    const accept = await w.owner('POST', `${w.base}/proposals/${plan.proposalId}/accept`, {
      changeIds: plan.changes.map((c: { changeId: string }) => c.changeId),
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().failed).toEqual([]);
    const after = await labourWeek();
    expect(plan.cost.afterMinor).toBe(after.costMinor);
    return { plan, after };
  }

  it('without a budget, fairness decides; the cost is what /labour says once accepted', async () => {
    const w = await cafe(null);
    const { plan, after } = await runAndAccept(w);
    expect(plan.changes.map((c: { shift: { staffId: string } }) => c.shift.staffId)).toEqual([w.ana]);
    expect(plan.cost).toEqual({ beforeMinor: 8_000, afterMinor: 24_000, budgetMinor: null });
    expect(after).toMatchObject({ costMinor: 24_000, budgetMinor: null, overBudget: false });
  });

  it('keeps to a budget that the cheaper plan fits, and says so', async () => {
    const w = await cafe(17_000);
    const { plan, after } = await runAndAccept(w);
    expect(plan.changes.map((c: { shift: { staffId: string } }) => c.shift.staffId)).toEqual([w.ben]);
    expect(plan.coverageAfter).toEqual({ needed: 1, filled: 1 });
    expect(plan.cost).toEqual({ beforeMinor: 8_000, afterMinor: 16_000, budgetMinor: 17_000 });
    expect(plan.changes[0].reason).toMatch(
      /Ben is cheaper and has hours left; kept within the £170\.00 budget$/,
    );
    expect(after).toMatchObject({ costMinor: 16_000, budgetMinor: 17_000, overBudget: false });
  });

  it('puts coverage first: with no plan within the budget the slot is covered and the cost says over', async () => {
    const w = await cafe(10_000);
    const { plan, after } = await runAndAccept(w);
    expect(plan.coverageAfter).toEqual({ needed: 1, filled: 1 });
    expect(plan.cost).toEqual({ beforeMinor: 8_000, afterMinor: 16_000, budgetMinor: 10_000 });
    expect(after).toMatchObject({ costMinor: 16_000, overBudget: true });
  });

  it('is gated by the team’s switch: on by default, off answers 409 naming it and stores nothing', async () => {
    const w = await cafe(null);
    const teamUrl = `/api/teams/${w.teamId}`;
    const team = (await w.owner('GET', teamUrl)).json();
    expect(team.scheduleAgentEnabled).toBe(true);
    const off = await w.owner('PUT', teamUrl, {
      teamName: team.teamName,
      weekStartDay: team.weekStartDay,
      scheduleAgentEnabled: false,
      hash: team.hash,
    });
    expect(off.statusCode, off.body).toBe(200);
    // The switch is in the team's audit row, as who really turned it off.
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.teamId, w.teamId), eq(auditLog.entityType, 'team'), eq(auditLog.action, 'UPDATE')),
      );
    expect(audit?.oldValues).toMatchObject({ scheduleAgentEnabled: true });
    expect(audit?.newValues).toMatchObject({ scheduleAgentEnabled: false });

    const refused = await run(w);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SCHEDULE_AGENT_SWITCHED_OFF);
    expect(await t.database.db.select().from(proposals).where(eq(proposals.teamId, w.teamId))).toEqual([]);
    // The log still answers: past runs stay readable.
    expect((await w.owner('GET', `${w.base}/schedule-agent/logs`)).statusCode).toBe(200);

    const again = (await w.owner('GET', teamUrl)).json();
    const on = await w.owner('PUT', teamUrl, {
      teamName: again.teamName,
      weekStartDay: again.weekStartDay,
      scheduleAgentEnabled: true,
      hash: again.hash,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await run(w)).statusCode).toBe(201);
  });
});
