import { describe, expect, it } from 'vitest';
import { MipModel, sum } from '../src/modules/schedule-agent/model/mip-model.ts';
import {
  coverage,
  createRoster,
  dayOff,
  forbidSuccession,
  maxConsecutiveWorkDays,
  maxShiftsOfKind,
  maxWeekends,
  minConsecutiveDaysOff,
  minConsecutiveWorkDays,
  oneShiftPerDay,
  type Roster,
  readAssignments,
  shiftOffRequest,
  shiftOnRequest,
  tightenCoverage,
  totalMinutes,
} from '../src/modules/schedule-agent/model/roster-constraints.ts';
import { solve } from '../src/modules/schedule-agent/model/solve.ts';

/** Solves and returns the objective and, for rosters, the worked days as a string per person ('E.L' = E, off, L). */
async function optimum(model: MipModel, roster?: Roster, shiftIds = ['W']) {
  const result = await solve(model, { seconds: 10 });
  expect(result.status).toBe('optimal');
  if (!result.values) throw new Error('no values');
  const days = roster
    ? readAssignments(roster, result.values).map((d) => d.map((k) => (k < 0 ? '.' : shiftIds[k])).join(''))
    : [];
  return { objective: result.objective, days, values: result.values };
}

/** One person, one shift kind, `n` days, with every day worked costing `offCost` and `wants` days wanted at `onCost`. */
function onePerson(n: number, wants: number[], onCost = 10, offCost = 1) {
  const model = new MipModel();
  const r = createRoster(model, ['ana'], n, ['W']);
  oneShiftPerDay(r);
  for (let d = 0; d < n; d++) {
    if (wants.includes(d)) shiftOnRequest(r, 0, d, 0, onCost);
    else shiftOffRequest(r, 0, d, 0, offCost);
  }
  return { model, r };
}

describe('MIP model builder', () => {
  it('solves a small integer programme to its known optimum', async () => {
    // max 30c + 50t s.t. c + 2t ≤ 40, 2c + t ≤ 50, integers: optimum 1100 at c = 20, t = 10.
    const model = new MipModel();
    const c = model.addVar('chairs', 'integer');
    const t = model.addVar('tables', 'integer');
    model.addCost(c, -30);
    model.addCost(t, -50);
    model.atMost(
      [
        { v: c, coef: 1 },
        { v: t, coef: 2 },
      ],
      40,
    );
    model.atMost(
      [
        { v: c, coef: 2 },
        { v: t, coef: 1 },
      ],
      50,
    );
    const { objective, values } = await optimum(model);
    expect(objective).toBe(-1100);
    expect([values[c], values[t]]).toEqual([20, 10]);
  });

  it('keeps integrality: the LP relaxation would give a better, fractional answer', async () => {
    // min -x - y s.t. 2x + 2y ≤ 3, binaries: LP 1.5, MIP 1.
    const model = new MipModel();
    const x = model.addVar('x', 'binary');
    const y = model.addVar('y', 'binary');
    model.addCost(x, -1);
    model.addCost(y, -1);
    model.atMost(
      [
        { v: x, coef: 2 },
        { v: y, coef: 2 },
      ],
      3,
    );
    model.addConstant(5);
    expect((await optimum(model)).objective).toBe(4);
  });

  it('reports an infeasible model as infeasible, with no values', async () => {
    const model = new MipModel();
    const x = model.addVar('x', 'binary');
    const y = model.addVar('y', 'binary');
    model.atLeast(sum([x, y]), 3);
    const result = await solve(model, { seconds: 5 });
    expect(result).toMatchObject({ status: 'infeasible', objective: null, values: null });
  });

  it('refuses bad input with a clear error', async () => {
    const model = new MipModel();
    expect(() => model.atMost([{ v: 3, coef: 1 }], 1)).toThrow('No variable 3');
    expect(() => model.addVar('x', 'integer', 2, 1)).toThrow('lower bound 2 is above upper bound 1');
    expect(() => solve(model, { seconds: 0 })).toThrow('positive number of seconds');
  });

  it('terminates the worker when it does not answer by the time limit plus grace', async () => {
    const model = new MipModel();
    model.addVar('x', 'binary');
    // 1 ms with no grace: the worker cannot even load HiGHS in that time, so the hard stop fires.
    const result = await solve(model, { seconds: 0.001, graceMs: 0 });
    expect(result).toMatchObject({ status: 'stopped', values: null, objective: null });
  });
});

describe('roster constraint builders', () => {
  it('at most one shift a day and a forbidden succession (a late then an early)', async () => {
    const model = new MipModel();
    const r = createRoster(model, ['ana'], 2, ['E', 'L']);
    oneShiftPerDay(r);
    forbidSuccession(r, 1, 0);
    // Wants both shifts on day 0 (weights 4 and 3), L on day 0 then E on day 1 (2).
    shiftOnRequest(r, 0, 0, 0, 4);
    shiftOnRequest(r, 0, 0, 1, 3);
    shiftOnRequest(r, 0, 1, 0, 2);
    const { objective, days } = await optimum(model, r, ['E', 'L']);
    expect(objective).toBe(3); // E then E: only the L on day 0 is refused
    expect(days).toEqual(['EE']);
  });

  it('max consecutive working days', async () => {
    const { model, r } = onePerson(5, [0, 1, 2, 3, 4]);
    maxConsecutiveWorkDays(r, 0, 3);
    const { objective, days } = await optimum(model, r);
    expect(objective).toBe(10);
    expect(days[0]?.split('').filter((c) => c === '.')).toHaveLength(1);
  });

  it('min consecutive working days, with a run at the edge of the period exempt', async () => {
    // A single wanted day in the middle must become a run of two (one unwanted day, cost 1)…
    const middle = onePerson(5, [2]);
    minConsecutiveWorkDays(middle.r, 0, 2);
    expect((await optimum(middle.model, middle.r)).objective).toBe(1);
    // …while a single day on the first or last day may stay alone: it may continue outside.
    const first = onePerson(5, [0]);
    minConsecutiveWorkDays(first.r, 0, 2);
    expect(await optimum(first.model, first.r)).toMatchObject({ objective: 0, days: ['W....'] });
    const last = onePerson(5, [4]);
    minConsecutiveWorkDays(last.r, 0, 2);
    expect(await optimum(last.model, last.r)).toMatchObject({ objective: 0, days: ['....W'] });
  });

  it('min consecutive days off, with a run at the edge exempt', async () => {
    // Wants days 0, 1, 3, 4 with at most 4 in a row: one day off alone in the middle is too short.
    const { model, r } = onePerson(5, [0, 1, 3, 4]);
    maxConsecutiveWorkDays(r, 0, 4);
    minConsecutiveDaysOff(r, 0, 2);
    expect((await optimum(model, r)).objective).toBe(10);
    // One day off at the start is fine.
    const edge = onePerson(5, [1, 2, 3, 4]);
    minConsecutiveDaysOff(edge.r, 0, 2);
    expect(await optimum(edge.model, edge.r)).toMatchObject({ objective: 0, days: ['.WWWW'] });
  });

  it('max weekends counts a weekend once whether one or both days are worked', async () => {
    // 14 days from a Monday: weekends are days 5–6 and 12–13. Wants both days of both weekends.
    const { model, r } = onePerson(14, [5, 6, 12, 13]);
    maxWeekends(
      r,
      0,
      [
        [5, 6],
        [12, 13],
      ],
      1,
    );
    const { objective, days } = await optimum(model, r);
    expect(objective).toBe(20);
    expect(['.....WW.......', '............WW']).toContain(days[0]);
  });

  it('total minutes, max shifts of a kind and days off', async () => {
    const model = new MipModel();
    const r = createRoster(model, ['ana'], 4, ['S', 'L']);
    oneShiftPerDay(r);
    // Wants L every day (5 each); L is 600 min, S 300; 900–1200 min in all; at most one L; day 3 off.
    for (let d = 0; d < 4; d++) shiftOnRequest(r, 0, d, 1, 5);
    totalMinutes(r, 0, [300, 600], 900, 1200);
    maxShiftsOfKind(r, 0, 1, 1);
    dayOff(r, 0, 3);
    const { objective, days } = await optimum(model, r, ['S', 'L']);
    expect(objective).toBe(15);
    // One L (600) and at least one S to reach 900; at most 1200 allows two S.
    expect(days[0]?.[3]).toBe('.');
    expect(days[0]?.split('').filter((c) => c === 'L')).toHaveLength(1);
  });

  it('coverage charges shortfall and excess by their weights', async () => {
    const model = new MipModel();
    const r = createRoster(model, ['ana', 'ben', 'cas'], 1, ['W']);
    oneShiftPerDay(r);
    // Needs 2; all three want to work (weight 3 each). Excess costs 1, so all three work: cost 1.
    for (let s = 0; s < 3; s++) shiftOnRequest(r, s, 0, 0, 3);
    coverage(r, 0, 0, 2, 100, 1);
    expect((await optimum(model, r)).objective).toBe(1);
    // Two of them off: shortfall of 1 at 100, plus the two refused requests.
    const short = new MipModel();
    const r2 = createRoster(short, ['ana', 'ben', 'cas'], 1, ['W']);
    dayOff(r2, 0, 0);
    dayOff(r2, 1, 0);
    for (let s = 0; s < 3; s++) shiftOnRequest(r2, s, 0, 0, 3);
    coverage(r2, 0, 0, 2, 100, 1);
    expect(await optimum(short, r2)).toMatchObject({ objective: 106, days: ['.', '.', 'W'] });
  });

  it('tightens coverage slacks that a stopped solve may leave loose', () => {
    const model = new MipModel();
    const r = createRoster(model, ['ana', 'ben'], 1, ['W']);
    coverage(r, 0, 0, 1, 100, 1);
    const c = r.covers[0];
    if (!c) throw new Error('no cover');
    // Both work (one over) but the row is balanced with a shortfall of 1 and an excess of 2.
    const loose = new Float64Array(model.varCount);
    loose[c.staff[0] as number] = 1;
    loose[c.staff[1] as number] = 1;
    loose[c.under] = 1;
    loose[c.over] = 2;
    expect(model.objectiveOf(loose)).toBe(102);
    expect(model.objectiveOf(tightenCoverage(r, loose))).toBe(1);
  });
});
