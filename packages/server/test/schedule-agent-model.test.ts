import { describe, expect, it } from 'vitest';
import { MipModel, sum } from '../src/modules/schedule-agent/model/mip-model.ts';
import {
  addFixedShift,
  addShift,
  completeValues,
  createRoster,
  createShiftRoster,
  type Roster,
  readAssignments,
} from '../src/modules/schedule-agent/model/roster.ts';
import {
  dayOff,
  forbidSuccession,
  maxConsecutiveWorkDays,
  maxShiftsOfKind,
  maxWeekends,
  minConsecutiveDaysOff,
  minConsecutiveWorkDays,
  minRest,
  minutesWithin,
  oneShiftPerDay,
  shiftLength,
  totalMinutes,
} from '../src/modules/schedule-agent/model/roster-constraints.ts';
import {
  avoidShift,
  changeCost,
  preferShift,
  shiftOffRequest,
  shiftOnRequest,
} from '../src/modules/schedule-agent/model/roster-costs.ts';
import {
  capShifts,
  coverage,
  coverShifts,
  tightenCoverage,
} from '../src/modules/schedule-agent/model/roster-coverage.ts';
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
    // 1 ms with no grace, counted from when HiGHS is ready (a spare worker may already be): copying
    // 20,000 rows to the worker and building them in HiGHS alone takes longer, so the hard stop fires.
    const model = new MipModel();
    for (let i = 0; i < 20_000; i++) {
      const x = model.addVar(`x${i}`, 'binary');
      model.addCost(x, -1);
      model.atMost([{ v: x, coef: 2 }], 1 + (i % 3));
    }
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

/** Minute-line position of `hh:mm` on day d of the period (day 0 starts at minute 0). */
const at = (d: number, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return d * 1440 + h * 60 + m;
};

/** Solves a roster and returns the chosen shifts' variable indexes. */
async function chosen(model: MipModel): Promise<(v: number) => boolean> {
  const { values } = await optimum(model);
  return (v) => (values[v] ?? 0) > 0.5;
}

describe('the agent’s builders on timed shifts (shared with the benchmark)', () => {
  it('rest spans several days: a night shift rules out an early start two days later under a 24 h rest', async () => {
    const build = (restHours: number) => {
      const model = new MipModel();
      const r = createShiftRoster(model, ['ana'], 3, ['N', 'E']);
      // Night on day 0 ends day 1 at 06:00; the early on day 2 starts at 05:00: 23 h later.
      const night = addShift(r, { staff: 0, day: 0, kind: 0, start: at(0, '22:00'), end: at(1, '06:00') });
      const early = addShift(r, { staff: 0, day: 2, kind: 1, start: at(2, '05:00'), end: at(2, '13:00') });
      preferShift(r, night, 5);
      preferShift(r, early, 3);
      oneShiftPerDay(r);
      minRest(r, restHours * 60);
      return { model, night, early };
    };
    const strict = build(24);
    const pick = await chosen(strict.model);
    expect([pick(strict.night.v), pick(strict.early.v)]).toEqual([true, false]);
    const loose = build(11);
    const both = await chosen(loose.model);
    expect([both(loose.night.v), both(loose.early.v)]).toEqual([true, true]);
  });

  it('rest counts a fixed shift before the period, across midnight', async () => {
    const model = new MipModel();
    const r = createShiftRoster(model, ['ana'], 1, ['A', 'B']);
    // Fixed: the day before the period, 20:00 to 04:00 on day 0.
    addFixedShift(r, 0, { day: -1, start: at(-1, '20:00'), end: at(0, '04:00'), minutes: 480 });
    const morning = addShift(r, { staff: 0, day: 0, kind: 0, start: at(0, '10:00'), end: at(0, '18:00') });
    const evening = addShift(r, { staff: 0, day: 0, kind: 1, start: at(0, '16:00'), end: at(0, '22:00') });
    preferShift(r, morning, 5);
    preferShift(r, evening, 1);
    oneShiftPerDay(r);
    minRest(r, 11 * 60);
    // 6 h after the fixed shift is too soon; 12 h is fine, so the less wanted evening is the answer.
    const pick = await chosen(model);
    expect([pick(morning.v), pick(evening.v)]).toEqual([false, true]);
  });

  it('weekly hours count the fixed shifts of the team week that began before the period', async () => {
    const model = new MipModel();
    const r = createShiftRoster(model, ['ana'], 7, ['D']);
    // The team week runs from day -2 (a Wednesday start, say) to day 4; the next one from day 5.
    addFixedShift(r, 0, { day: -2, start: at(-2, '09:00'), end: at(-2, '17:00'), minutes: 480 });
    addFixedShift(r, 0, { day: -1, start: at(-1, '09:00'), end: at(-1, '17:00'), minutes: 480 });
    const days = Array.from({ length: 7 }, (_, d) =>
      addShift(r, { staff: 0, day: d, kind: 0, start: at(d, '09:00'), end: at(d, '17:00'), minutes: 480 }),
    );
    for (const shift of days) preferShift(r, shift, 1);
    oneShiftPerDay(r);
    for (const first of [-2, 5]) minutesWithin(r, 0, first, first + 6, { max: 24 * 60 });
    const pick = await chosen(model);
    const worked = days.map((s) => pick(s.v));
    // 16 h already in the first week: one more 8 h shift there; both days of the next week.
    expect(worked.slice(0, 5).filter(Boolean)).toHaveLength(1);
    expect(worked.slice(5)).toEqual([true, true]);
  });

  it('a limit already broken stops new shifts without forcing an existing one out', async () => {
    const model = new MipModel();
    const r = createShiftRoster(model, ['ana'], 3, ['D']);
    addFixedShift(r, 0, { day: -1, start: at(-1, '09:00'), end: at(-1, '17:00'), minutes: 480 });
    const kept = addShift(r, {
      staff: 0,
      day: 0,
      kind: 0,
      start: at(0, '09:00'),
      end: at(0, '17:00'),
      minutes: 480,
      existing: true,
    });
    const added = [1, 2].map((d) =>
      addShift(r, { staff: 0, day: d, kind: 0, start: at(d, '09:00'), end: at(d, '17:00'), minutes: 480 }),
    );
    for (const shift of added) preferShift(r, shift, 10);
    changeCost(r, 1);
    oneShiftPerDay(r);
    // 8 h maximum, 16 h already there: the existing shift stays, nothing new comes.
    minutesWithin(r, 0, -1, 5, { max: 480 });
    const { objective, values } = await optimum(model);
    expect(values[kept.v]).toBe(1);
    expect(added.map((s) => values[s.v])).toEqual([0, 0]);
    expect(objective).toBe(0);
  });

  it('days in a row count fixed days before and after the period', async () => {
    const model = new MipModel();
    const r = createShiftRoster(model, ['ana', 'ben'], 5, ['D']);
    // Ana worked the three days before the period; Ben works the three after it.
    for (const day of [-3, -2, -1])
      addFixedShift(r, 0, { day, start: at(day, '09:00'), end: at(day, '17:00'), minutes: 480 });
    for (const day of [5, 6, 7])
      addFixedShift(r, 1, { day, start: at(day, '09:00'), end: at(day, '17:00'), minutes: 480 });
    const shifts = [0, 1].map((s) =>
      Array.from({ length: 5 }, (_, d) => {
        const shift = addShift(r, {
          staff: s,
          day: d,
          kind: 0,
          start: at(d, '09:00'),
          end: at(d, '17:00'),
          minutes: 480,
        });
        preferShift(r, shift, 1);
        return shift;
      }),
    );
    oneShiftPerDay(r);
    maxConsecutiveWorkDays(r, 0, 5);
    maxConsecutiveWorkDays(r, 1, 4);
    const pick = await chosen(model);
    const pattern = (s: number) => shifts[s]!.map((x) => (pick(x.v) ? 'W' : '.')).join('');
    // Ana: 3 days before, so not all of days 0–2 (that would be 6 in a row); 4 of the 5 fit.
    expect(
      pattern(0)
        .split('')
        .filter((c) => c === 'W'),
    ).toHaveLength(4);
    expect(pattern(0).startsWith('WWW')).toBe(false);
    // Ben: 4 of the 5 days, never both of the last two (they would join the 3 after into 5).
    expect(
      pattern(1)
        .split('')
        .filter((c) => c === 'W'),
    ).toHaveLength(4);
    expect(pattern(1).endsWith('WW')).toBe(false);
  });

  it('shift length, availability, coverage with slack, the cap and a start completed from a plan', async () => {
    const model = new MipModel();
    const r = createShiftRoster(model, ['ana', 'ben', 'cas'], 1, ['S', 'L']);
    const long = addShift(r, {
      staff: 0,
      day: 0,
      kind: 1,
      start: at(0, '06:00'),
      end: at(0, '20:00'),
      minutes: 810,
    });
    const shifts = [0, 1, 2].map((s) =>
      addShift(r, { staff: s, day: 0, kind: 0, start: at(0, '07:00'), end: at(0, '15:00'), minutes: 450 }),
    );
    oneShiftPerDay(r);
    shiftLength(r, 3 * 60, 12 * 60); // the 14 h one is out
    avoidShift(r, shifts[2]!, Number.POSITIVE_INFINITY); // Cas is unavailable
    changeCost(r, 1);
    // Needs 3 people; only Ana and Ben can come: a shortfall of 1 at 100.
    coverShifts(r, [long, ...shifts], 3, { under: 100, over: 0, slack: 'continuous' });
    capShifts(r, shifts, 2);
    const { objective, values } = await optimum(model);
    expect(values[long.v]).toBe(0);
    expect(shifts.map((s) => values[s.v])).toEqual([1, 1, 0]);
    expect(objective).toBe(102);
    // A plan of Ana alone, completed: its slack is the real shortfall, so it costs what it is.
    const start = new Float64Array(model.varCount);
    start[shifts[0]!.v] = 1;
    expect(model.objectiveOf(completeValues(r, start))).toBe(201);
  });
});
