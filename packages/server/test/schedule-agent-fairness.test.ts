import { startOfWeek } from '@rotaboard/core/dates/week';
import { describe, expect, it } from 'vitest';
import { failing, plan, slot, type Team } from './support/planner-team.ts';

/**
 * Fairness is a promise, not a tie-break (issue 43): no one is given more than their contracted hours
 * in a team week while a colleague who could take that shift (role, rules, availability) has none.
 */

const FRI = '2026-12-11';
const THU = '2026-12-17';

/** Each person's worked hours per team week (Monday start) after the plan, new shifts of 10 h each. */
function hoursByWeek(creates: { staffId: string; shiftDate: string }[]) {
  const out: Record<string, number> = {};
  for (const c of creates) {
    const key = `${startOfWeek(c.shiftDate, 1)} ${c.staffId}`;
    out[key] = (out[key] ?? 0) + 10;
  }
  return out;
}

// A period across two team weeks: Fri–Sun of one, Mon–Wed of the next, one 10-hour shift a day. Ana
// and Ben are contracted 24 h a week; Ana prefers weekends. Over the period, any 3 + 3 split is equally
// fair to the old objective, so it gave Ana all three weekend days (30 h, over her 24) while Ben had
// none that week though he could take any of them.
const team: Team = {
  staff: [
    { staffId: 'ana', name: 'Ana', hours: 24 },
    { staffId: 'ben', name: 'Ben', hours: 24 },
  ],
  coverage: [5, 6, 7, 1, 2, 3].map((d) => slot(d, '09:00', '19:00')),
  availability: {
    ana: {
      weekly: [5, 6, 7].map((weekday) => ({
        weekday,
        startTime: '08:00',
        endTime: '20:00',
        kind: 'preferred' as const,
      })),
      dates: [],
    },
  },
};

function expectPromiseKept(creates: { staffId: string; shiftDate: string }[]) {
  const hours = hoursByWeek(creates);
  for (const week of ['2026-12-07', '2026-12-14']) {
    for (const [who, other] of [
      ['ana', 'ben'],
      ['ben', 'ana'],
    ] as const) {
      if ((hours[`${week} ${who}`] ?? 0) > 24) expect(hours[`${week} ${other}`] ?? 0).toBeGreaterThan(0);
    }
  }
}

describe('the fairness promise', { timeout: 60_000 }, () => {
  it('never gives one person more than their contract in a week while a colleague who could take it has none', async () => {
    const { result, creates } = await plan(team, FRI, THU, { seconds: 20 });
    expect(result.coverageAfter).toEqual({ needed: 6, filled: 6 });
    expectPromiseKept(creates);
  });

  it('keeps the promise in the greedy fallback too', async () => {
    const { result, creates } = await plan(team, FRI, THU, { solver: failing });
    expect(result.solver.status).toBe('fallback');
    expect(result.coverageAfter).toEqual({ needed: 6, filled: 6 });
    expectPromiseKept(creates);
  });
});
