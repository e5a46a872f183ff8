import { describe, expect, it } from 'vitest';
import type { AgentLabour } from '../src/modules/schedule-agent/agent/types.ts';
import { contextOf, failing, MON, plan, shift, slot, type Team, TUE, who } from './support/planner-team.ts';

const SUN = '2026-12-13';

/**
 * The schedule agent and the budget (issue 43): coverage first, then the week's budget, then fairness,
 * then cost; the reported cost is core's exact figure. Ana costs 20.00 an hour and Ben 10.00; Ben
 * already works Tuesday, so fairness alone gives Monday to Ana.
 */
const team: Team = {
  staff: [
    { staffId: 'ana', name: 'Ana', hours: 16 },
    { staffId: 'ben', name: 'Ben', hours: 16 },
  ],
  entries: [shift('ben', TUE, '09:00', '17:00')],
  coverage: [slot(1, '09:00', '17:00')],
};

function labourOf(weeklyBudgetMinor: number | null, overtimeAfterMinutes: number | null = null): AgentLabour {
  const context = contextOf(team);
  return {
    context: {
      ratesByStaff: new Map([
        ['ana', [{ effectiveFrom: '2026-01-01', hourlyRateMinor: 2000 }]],
        ['ben', [{ effectiveFrom: '2026-01-01', hourlyRateMinor: 1000 }]],
      ]),
      settings: { overtimeAfterMinutes, overtimeMultiplier: 1.5 },
      weekStartDay: 1,
      timeZone: 'UTC',
    },
    weeklyBudgetMinor,
    currency: 'GBP',
    entries: context.entries.map((e) => ({ ...e, timeOffHours: null, timeOffDays: null })),
  };
}

describe('the agent and the budget', { timeout: 60_000 }, () => {
  it('without a budget, fairness decides and the cost is reported', async () => {
    const { result, creates } = await plan(team, MON, SUN, { labour: labourOf(null), seconds: 20 });
    expect(who(creates)).toEqual([`${MON} ana`]);
    // Ben's Tuesday (8 h at 10.00) before; Ana's Monday (8 h at 20.00) added.
    expect(result.cost).toEqual({ beforeMinor: 8_000, afterMinor: 24_000, budgetMinor: null });
  });

  it('keeps within a budget that the cheaper plan fits, and says so', async () => {
    for (const solver of [undefined, failing]) {
      const { result, creates } = await plan(team, MON, SUN, {
        labour: labourOf(17_000),
        seconds: 20,
        ...(solver ? { solver } : {}),
      });
      expect(who(creates)).toEqual([`${MON} ben`]);
      expect(result.coverageAfter).toEqual({ needed: 1, filled: 1 });
      expect(result.cost).toEqual({ beforeMinor: 8_000, afterMinor: 16_000, budgetMinor: 17_000 });
      expect(result.changes[0]?.reason).toBe(
        'covers Mon 09:00–17:00; Ben has 16 of 16 h; Ben is cheaper and has hours left; kept within the £170.00 budget',
      );
    }
  });

  it('reports core’s exact figure, overtime in time order (Monday first, so Tuesday is the overtime)', async () => {
    // Overtime after 8 h at 1.5: Ben's Monday comes before his Tuesday in the week, so Tuesday is the
    // overtime (8 h × 5.00 = 40.00 more): 16,000 + 4,000 = 20,000, over 19,000; Ana's plan is 24,000.
    const { result } = await plan(team, MON, SUN, { labour: labourOf(19_000, 480), seconds: 20 });
    expect(result.coverageAfter).toEqual({ needed: 1, filled: 1 });
    expect(result.cost).toEqual({ beforeMinor: 8_000, afterMinor: 20_000, budgetMinor: 19_000 });
  });

  it('puts coverage before the budget: with no plan within it, the slot is still covered, over budget', async () => {
    const { result, creates } = await plan(team, MON, SUN, { labour: labourOf(10_000), seconds: 20 });
    expect(creates).toHaveLength(1);
    expect(result.coverageAfter).toEqual({ needed: 1, filled: 1 });
    expect(result.cost.afterMinor).toBeGreaterThan(10_000);
    expect(result.cost.budgetMinor).toBe(10_000);
  });
});
