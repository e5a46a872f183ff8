import { COST_NOT_FOR_STAFF, weekDates } from '@rotaboard/core/assistant/assistant-cost';
import { addDays } from '@rotaboard/core/dates/week';
import { ASSISTANT_IS_PRO } from '@rotaboard/core/plans/plan-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestApp } from './support/harness.ts';
import { addShift, type StaffingWorld, staffingWorld, weekAhead } from './support/staffing-world.ts';

/**
 * The assistant's cost answers (issue 43) with the built-in interpreter, through the API: the figures
 * are GET …/labour's for the same team week, in the team's currency, with who has no rate; staff and
 * Free teams get no figures. The model's get_labour_cost tool is in assistant-model.integration.test.ts.
 */
describe.each(engines)('the assistant on labour cost on %s', (engine) => {
  let t: TestApp;
  let pro: StaffingWorld;
  const week = weekAhead(1);
  const ask = (call: StaffingWorld['owner'], w: StaffingWorld, message: string) =>
    call('POST', `/api/assistant/${w.teamId}`, { message, weekStartDate: week });

  beforeAll(async () => {
    t = await createTestApp(engine, { MAGIC_LINK_RESEND_SECONDS: '0' });
    pro = await staffingWorld(t);
    const rate = await pro.owner('POST', `${pro.base}/staff/${pro.sam.staffId}/pay-rates`, {
      effectiveFrom: addDays(week, -30),
      hourlyRateMinor: 1000,
    });
    expect(rate.statusCode, rate.body).toBe(201);
    const budget = await pro.owner('PUT', `${pro.base}/labour-settings`, {
      weeklyBudgetMinor: 5000,
      overtimeAfterMinutes: null,
      overtimeMultiplier: 1.5,
    });
    expect(budget.statusCode, budget.body).toBe(200);
    await addShift(pro.owner, pro.base, pro.sam.staffId, week, '09:00', '17:00'); // 480 at 10.00: 80.00
    await addShift(pro.owner, pro.base, pro.pat.staffId, addDays(week, 4), '10:00', '18:00'); // no rate
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers what this week costs and how it stands against the budget with /labour’s figures', async () => {
    const labour = (
      await pro.owner('GET', `${pro.base}/labour?startDate=${week}&endDate=${addDays(week, 6)}`)
    ).json();
    expect(labour.weeks).toEqual([{ weekStart: week, costMinor: 8000, budgetMinor: 5000, overBudget: true }]);
    expect(labour.totals.minutes).toBe(960);
    const expected = `This week (${weekDates(week)}) costs $80.00 for 16 h; the budget is $50.00, so it is $30.00 over. Pat has no pay rate, so their 8 h cost nothing here.`;
    for (const message of [
      'What does this week cost?',
      'How far over budget are we?',
      'are we over budget',
    ]) {
      const res = await ask(pro.owner, pro, message);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ engine: 'built-in', reply: expected, proposalId: null });
    }
    const byAdmin = await ask(pro.admin!.call, pro, "What's the labour cost this week");
    expect(byAdmin.json().reply).toBe(expected);
  });

  it('answers for next week, under budget', async () => {
    const res = await ask(pro.owner, pro, 'How much is next week costing?');
    expect(res.json().reply).toBe(
      `Next week (${weekDates(addDays(week, 7))}) costs $0.00 for 0 min; the budget is $50.00, so it is $50.00 under budget.`,
    );
  });

  it('keeps money from staff (the assistant refuses them) and from Free teams (the Pro sentence)', async () => {
    const staff = await ask(pro.sam.call, pro, 'What does this week cost?');
    expect(staff.statusCode).toBe(403);
    expect(staff.body).not.toMatch(/\$|80\.00|8000|1000/);
    const free = await staffingWorld(t, { plan: 'free' });
    const onFree = await ask(free.owner, free, 'What does this week cost?');
    expect(onFree.statusCode).toBe(403);
    expect(onFree.json().message).toBe(ASSISTANT_IS_PRO);
    // The sentence staff would get, were the assistant open to them, has no figures either.
    expect(COST_NOT_FOR_STAFF).not.toMatch(/\d/);
  });
});
