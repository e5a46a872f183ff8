import type { AssistantCost, AssistantCostWeek } from '@rotaboard/core/assistant/assistant-cost';
import { addDays, startOfWeek } from '@rotaboard/core/dates/week';
import { planAllows } from '@rotaboard/core/plans/plan-limits';
import type { Db } from '../../db/db.ts';
import { labourCosting } from '../labour/labour-costing.ts';
import type { TeamAccess } from '../team-access/team-access.ts';

/**
 * What the assistant may say about cost (issue 43) for the week on screen at `weekStartDate`: the team
 * weeks before, of and after it, each as GET …/labour gives that week (the labour module's costing,
 * core's summariseLabour over the same costed shifts), or why the asker may not know: money is for
 * owners and administrators on a plan with labour cost only. Rates themselves are never given.
 */
export async function assistantCost(
  db: Db,
  access: TeamAccess,
  weekStartDate: string,
): Promise<AssistantCost> {
  if (!access.isAdmin) return { kind: 'not-admin' };
  if (!planAllows(access.ownerTier, 'labourCost')) return { kind: 'not-on-plan' };
  const thisWeek = startOfWeek(weekStartDate, access.team.weekStartDay);
  const starts = [addDays(thisWeek, -7), thisWeek, addDays(thisWeek, 7)];
  const result = await labourCosting(db).costRange(access.team.id, {
    startDate: starts[0]!,
    endDate: addDays(starts[2]!, 6),
  });
  if (!result) return { kind: 'not-admin' };
  const { costing, costed } = result;
  const weeks = starts.map((weekStart): AssistantCostWeek => {
    const endDate = addDays(weekStart, 6);
    const summary = costing.summarise({ startDate: weekStart, endDate }, costed);
    const missing = new Map<string, number>();
    for (const shift of costed) {
      if (!shift.missingRate || shift.date < weekStart || shift.date > endDate) continue;
      missing.set(shift.staffId, (missing.get(shift.staffId) ?? 0) + shift.minutes);
    }
    return {
      weekStart,
      minutes: summary.totals.minutes,
      costMinor: summary.weeks[0]?.costMinor ?? 0,
      budgetMinor: summary.weeks[0]?.budgetMinor ?? null,
      missingRates: summary.people
        .filter((p) => missing.has(p.staffId))
        .map((p) => ({ name: p.staffName || 'Someone who has left', minutes: missing.get(p.staffId)! })),
    };
  });
  return { kind: 'figures', currency: costing.team.currency, thisWeek, weeks };
}
