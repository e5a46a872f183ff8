import { type MipModel, sum, type Term } from './mip-model.ts';

/**
 * Constraint builders in the agent's vocabulary: staff, days of the period (index 0 = first day)
 * and shift kinds. `x[s][d][k]` is 1 when staff member s works shift k on day d. The agent and the
 * NRP benchmark both build their models from these, so the benchmark measures the agent's model.
 */
export interface Roster {
  readonly model: MipModel;
  readonly staffIds: readonly string[];
  readonly dayCount: number;
  readonly shiftIds: readonly string[];
  /** x[s][d][k]: variable index of "staff s works shift k on day d". */
  readonly x: number[][][];
  /** Each coverage row's people and slack variables (-1 when that side is hard). */
  readonly covers: { staff: number[]; required: number; under: number; over: number }[];
}

export function createRoster(
  model: MipModel,
  staffIds: readonly string[],
  dayCount: number,
  shiftIds: readonly string[],
): Roster {
  const x = staffIds.map((s) =>
    Array.from({ length: dayCount }, (_, d) =>
      shiftIds.map((k) => model.addVar(`x_${s}_${d}_${k}`, 'binary')),
    ),
  );
  return { model, staffIds, dayCount, shiftIds, x, covers: [] };
}

function cell(r: Roster, s: number, d: number): number[] {
  const day = r.x[s]?.[d];
  if (!day) throw new Error(`No staff ${s} or day ${d} in the roster`);
  return day;
}

/** Terms summing to 1 when staff s works any shift on day d (given at most one a day). */
export function worksOn(r: Roster, s: number, d: number): Term[] {
  return sum(cell(r, s, d));
}

/** At most one shift per person per day. */
export function oneShiftPerDay(r: Roster): void {
  for (let s = 0; s < r.staffIds.length; s++)
    for (let d = 0; d < r.dayCount; d++) r.model.atMost(worksOn(r, s, d), 1);
}

/** Rest: shift `next` may not follow shift `first` on the next day (e.g. a late then an early). */
export function forbidSuccession(r: Roster, first: number, next: number): void {
  for (let s = 0; s < r.staffIds.length; s++)
    for (let d = 0; d + 1 < r.dayCount; d++)
      r.model.atMost(sum([cell(r, s, d)[first] as number, cell(r, s, d + 1)[next] as number]), 1);
}

/** Staff s works shift k on at most `max` days. */
export function maxShiftsOfKind(r: Roster, s: number, k: number, max: number): void {
  r.model.atMost(
    Array.from({ length: r.dayCount }, (_, d) => ({ v: cell(r, s, d)[k] as number, coef: 1 })),
    max,
  );
}

/** Hours: staff s's total minutes over the period lie in [min, max]; `minutes[k]` is shift k's length. */
export function totalMinutes(
  r: Roster,
  s: number,
  minutes: readonly number[],
  min: number,
  max: number,
): void {
  const terms: Term[] = [];
  for (let d = 0; d < r.dayCount; d++)
    for (const [k, v] of cell(r, s, d).entries()) terms.push({ v, coef: minutes[k] ?? 0 });
  r.model.addRow(terms, min, max);
}

/** No run of more than `max` consecutive working days (every window of max + 1 days has a day off). */
export function maxConsecutiveWorkDays(r: Roster, s: number, max: number): void {
  for (let d = 0; d + max < r.dayCount; d++) {
    const terms: Term[] = [];
    for (let j = 0; j <= max; j++) terms.push(...worksOn(r, s, d + j));
    r.model.atMost(terms, max);
  }
}

/**
 * Every run of working days (when `working`) or days off has at least `min` days. A run touching the
 * first or last day of the period is exempt: it may continue outside it. Written as: if the run
 * starts on day d (d ≥ 1, day d - 1 different), days d + 1 … d + min - 1 inside the period match it.
 */
function minRun(r: Roster, s: number, min: number, working: boolean): void {
  for (let d = 1; d < r.dayCount; d++) {
    for (let j = 1; j < min && d + j < r.dayCount; j++) {
      // working: w[d] - w[d-1] - w[d+j] ≤ 0 ; off: w[d-1] - w[d] + w[d+j] ≤ 1
      const sign = working ? 1 : -1;
      const terms: Term[] = [
        ...worksOn(r, s, d).map((t) => ({ v: t.v, coef: sign })),
        ...worksOn(r, s, d - 1).map((t) => ({ v: t.v, coef: -sign })),
        ...worksOn(r, s, d + j).map((t) => ({ v: t.v, coef: -sign })),
      ];
      r.model.atMost(terms, working ? 0 : 1);
    }
  }
}

/** Runs of consecutive working days are at least `min` long (horizon-edge runs exempt). */
export function minConsecutiveWorkDays(r: Roster, s: number, min: number): void {
  minRun(r, s, min, true);
}

/** Runs of consecutive days off are at least `min` long (horizon-edge runs exempt). */
export function minConsecutiveDaysOff(r: Roster, s: number, min: number): void {
  minRun(r, s, min, false);
}

/**
 * At most `max` weekends worked, a weekend counting once whether one or both of its days are
 * worked. `weekends` lists each weekend's day indexes inside the period.
 */
export function maxWeekends(
  r: Roster,
  s: number,
  weekends: readonly (readonly number[])[],
  max: number,
): void {
  const worked = weekends.map((days, i) => {
    const k = r.model.addVar(`weekend_${r.staffIds[s]}_${i}`, 'binary');
    for (const d of days) r.model.atMost([...worksOn(r, s, d), { v: k, coef: -1 }], 0);
    return k;
  });
  if (worked.length > max) r.model.atMost(sum(worked), max);
}

/** Staff s does not work on day d (time off, unavailability, a locked day). */
export function dayOff(r: Roster, s: number, d: number): void {
  for (const v of cell(r, s, d)) r.model.fix(v, 0);
}

/**
 * Coverage: `required` people on shift k on day d. Shortfall costs `underWeight` per person and
 * excess `overWeight`; a weight of Infinity makes that side hard.
 */
export function coverage(
  r: Roster,
  d: number,
  k: number,
  required: number,
  underWeight: number,
  overWeight: number,
): void {
  const terms: Term[] = r.staffIds.map((_, s) => ({ v: cell(r, s, d)[k] as number, coef: 1 }));
  const under =
    underWeight === Number.POSITIVE_INFINITY
      ? -1
      : r.model.addVar(`under_${d}_${r.shiftIds[k]}`, 'integer', 0, required);
  const over =
    overWeight === Number.POSITIVE_INFINITY ? -1 : r.model.addVar(`over_${d}_${r.shiftIds[k]}`, 'integer');
  if (under >= 0) {
    r.model.addCost(under, underWeight);
    terms.push({ v: under, coef: 1 });
  }
  if (over >= 0) {
    r.model.addCost(over, overWeight);
    terms.push({ v: over, coef: -1 });
  }
  r.model.equal(terms, required);
  r.covers.push({ staff: terms.slice(0, r.staffIds.length).map((t) => t.v), required, under, over });
}

/**
 * Sets each coverage slack to the actual shortfall and excess. A solution stopped at the time
 * limit may carry both a shortfall and an excess on one slot (they cancel in the row), which
 * overstates its cost; the tightened values are still feasible and cost exactly what the roster does.
 */
export function tightenCoverage(r: Roster, values: Float64Array): Float64Array {
  const out = Float64Array.from(values);
  for (const c of r.covers) {
    const assigned = c.staff.reduce((n, v) => n + (out[v] ?? 0), 0);
    if (c.under >= 0) out[c.under] = Math.max(0, c.required - assigned);
    if (c.over >= 0) out[c.over] = Math.max(0, assigned - c.required);
  }
  return out;
}

/** A wish to work shift k on day d: costs `weight` if it is not given. */
export function shiftOnRequest(r: Roster, s: number, d: number, k: number, weight: number): void {
  r.model.addConstant(weight);
  r.model.addCost(cell(r, s, d)[k] as number, -weight);
}

/** A wish not to work shift k on day d: costs `weight` if it is given. */
export function shiftOffRequest(r: Roster, s: number, d: number, k: number, weight: number): void {
  r.model.addCost(cell(r, s, d)[k] as number, weight);
}

/** The assigned shift index per staff and day (-1 = off) from solved values. */
export function readAssignments(r: Roster, values: ArrayLike<number>): number[][] {
  return r.x.map((days) => days.map((shifts) => shifts.findIndex((v) => (values[v] ?? 0) > 0.5)));
}
