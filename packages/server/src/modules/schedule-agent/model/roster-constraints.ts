import { shortOfRest } from '@rotaboard/core/staffing/rest';
import { type MipModel, sum, type Term } from './mip-model.ts';

/**
 * The one model builder for rosters: the schedule agent (agent/mip-plan.ts) and the NRP benchmark
 * (bench/nrp.bench.ts) both build their models only from these functions, so the benchmark measures
 * the agent's own model.
 *
 * Vocabulary: staff, days of the period (index 0 = its first day; negative or past the end for what
 * lies around it) and shift kinds. A roster shift is one binary variable "staff s works a shift of kind
 * k on day d": the benchmark makes one for every staff, day and kind (`createRoster`), the agent one
 * per person, date and coverage slot's times it may propose (`addShift`), plus one per existing shift a
 * rebuild may remove (`existing: true`, read as "kept"). Fixed shifts (`addFixedShift`) are the
 * person's entries the model cannot change, inside or around the period: rest, hours and days in a row
 * count them.
 *
 * A limit the rota already breaks without any new shift (fixed and existing shifts alone) never forces
 * an existing shift out: it only stops new ones (`limit`). Doing nothing thus stays feasible for the
 * agent, and the model never repairs what people entered by hand.
 */

export interface RosterShift {
  /** The variable: 1 = the person works it (for an existing shift: it is kept). */
  readonly v: number;
  readonly staff: number;
  readonly day: number;
  readonly kind: number;
  /** Start and end on a minute line (end > start, past midnight allowed); NaN when the kind has no times. */
  readonly start: number;
  readonly end: number;
  /** Worked minutes (length less breaks). */
  readonly minutes: number;
  /** Already on the rota: kept unless the solution sets it to 0. */
  readonly existing: boolean;
}

/** A shift of the person's that the model cannot change. */
export interface FixedShift {
  readonly day: number;
  readonly start: number;
  readonly end: number;
  readonly minutes: number;
}

export interface Roster {
  readonly model: MipModel;
  readonly staffIds: readonly string[];
  readonly dayCount: number;
  readonly shiftIds: readonly string[];
  readonly shifts: RosterShift[];
  /** cells[s][d]: staff s's shift variables on day d of the period. */
  readonly cells: RosterShift[][][];
  /** fixed[s]: staff s's fixed shifts, anywhere on the line. */
  readonly fixed: FixedShift[][];
  /** Each coverage row's shift variables and slack variables (-1 when that side has none). */
  readonly covers: { staff: number[]; required: number; under: number; over: number }[];
  /** How to set the helper variables (slacks, weekends, fairness) that follow from the shift variables. */
  readonly completions: ((values: Float64Array) => void)[];
}

/** An empty roster: no shift variables yet (`addShift` adds them). */
export function createShiftRoster(
  model: MipModel,
  staffIds: readonly string[],
  dayCount: number,
  shiftIds: readonly string[],
): Roster {
  return {
    model,
    staffIds,
    dayCount,
    shiftIds,
    shifts: [],
    cells: staffIds.map(() => Array.from({ length: dayCount }, () => [])),
    fixed: staffIds.map(() => []),
    covers: [],
    completions: [],
  };
}

/** A roster with one variable for every staff, day and kind (the benchmark's full grid, no clock times). */
export function createRoster(
  model: MipModel,
  staffIds: readonly string[],
  dayCount: number,
  shiftIds: readonly string[],
  minutes: readonly number[] = [],
): Roster {
  const r = createShiftRoster(model, staffIds, dayCount, shiftIds);
  for (let s = 0; s < staffIds.length; s++)
    for (let d = 0; d < dayCount; d++)
      for (let k = 0; k < shiftIds.length; k++)
        addShift(r, { staff: s, day: d, kind: k, minutes: minutes[k] });
  return r;
}

/** Adds a shift variable; an existing one is "kept" and counts as worked in every rule. */
export function addShift(
  r: Roster,
  shift: {
    staff: number;
    day: number;
    kind: number;
    start?: number;
    end?: number;
    minutes?: number;
    existing?: boolean;
  },
): RosterShift {
  const cell = r.cells[shift.staff]?.[shift.day];
  if (!cell) throw new Error(`No staff ${shift.staff} or day ${shift.day} in the roster`);
  if (shift.kind < 0 || shift.kind >= r.shiftIds.length) throw new Error(`No shift kind ${shift.kind}`);
  const added: RosterShift = {
    v: r.model.addVar(
      `${shift.existing ? 'keep' : 'x'}_${r.staffIds[shift.staff]}_${shift.day}_${r.shiftIds[shift.kind]}_${r.shifts.length}`,
      'binary',
    ),
    staff: shift.staff,
    day: shift.day,
    kind: shift.kind,
    start: shift.start ?? Number.NaN,
    end: shift.end ?? Number.NaN,
    minutes: shift.minutes ?? 0,
    existing: shift.existing ?? false,
  };
  r.shifts.push(added);
  cell.push(added);
  return added;
}

/** A shift of staff s the model cannot change (rest, hours and days in a row count it). */
export function addFixedShift(r: Roster, s: number, shift: FixedShift): void {
  const fixed = r.fixed[s];
  if (!fixed) throw new Error(`No staff ${s} in the roster`);
  fixed.push(shift);
}

function cell(r: Roster, s: number, d: number): RosterShift[] {
  const day = r.cells[s]?.[d];
  if (!day) throw new Error(`No staff ${s} or day ${d} in the roster`);
  return day;
}

function ofKind(r: Roster, s: number, d: number, k: number): RosterShift {
  const shift = cell(r, s, d).find((x) => x.kind === k);
  if (!shift) throw new Error(`No shift of kind ${r.shiftIds[k]} for staff ${s} on day ${d}`);
  return shift;
}

/**
 * `Σ coef × shift ≤ max` (coefficients ≥ 0). When the existing shifts alone already exceed `max`, the
 * new shifts of the row are fixed to 0 instead: nothing is added, nothing existing forced out. A row
 * that cannot bind (`reach`, the most its shifts can sum to, at most `max`) is left out.
 */
export function limit(
  r: Roster,
  terms: readonly { shift: RosterShift; coef: number }[],
  max: number,
  reach = terms.reduce((n, t) => n + t.coef, 0),
): void {
  if (!terms.some((t) => !t.shift.existing && t.coef > 0)) return;
  const load = terms.reduce((n, t) => n + (t.shift.existing ? t.coef : 0), 0);
  if (load > max) {
    for (const t of terms) if (!t.shift.existing && t.coef > 0) r.model.fix(t.shift.v, 0);
    return;
  }
  if (reach <= max) return;
  r.model.atMost(
    terms.map((t) => ({ v: t.shift.v, coef: t.coef })),
    max,
  );
}

/** Terms summing to 1 when staff s works any shift on day d (given at most one a day). */
export function worksOn(r: Roster, s: number, d: number): Term[] {
  return sum(cell(r, s, d).map((x) => x.v));
}

/** At most one shift per person per day, none on a day with a fixed shift. */
export function oneShiftPerDay(r: Roster): void {
  for (let s = 0; s < r.staffIds.length; s++) {
    const fixedDays = new Set(r.fixed[s]?.map((f) => f.day));
    for (let d = 0; d < r.dayCount; d++)
      limit(
        r,
        cell(r, s, d).map((shift) => ({ shift, coef: 1 })),
        fixedDays.has(d) ? 0 : 1,
      );
  }
}

/** Two shifts that may not both be worked (rest, overlap): at most one of them. */
function clash(r: Roster, a: RosterShift, b: RosterShift): void {
  limit(
    r,
    [
      { shift: a, coef: 1 },
      { shift: b, coef: 1 },
    ],
    1,
  );
}

/**
 * Rest: at least `minutes` from the end of one working day to the start of the person's next (across
 * midnight and any number of days, on the minute line), and no overlap; a shift too close to a fixed
 * one is ruled out. Stated pair by pair with core's shortOfRest (staffing/rest.ts), which is the rule
 * engine's definition of rest between working days: shifts of one day are never short of rest (the
 * one-a-day rule keeps new ones apart).
 */
export function minRest(r: Roster, minutes: number): void {
  for (let s = 0; s < r.staffIds.length; s++) {
    const timed = r.cells[s]!.flat().filter((x) => Number.isFinite(x.start));
    for (const x of timed)
      if (!x.existing && r.fixed[s]!.some((f) => shortOfRest(x, f, minutes))) r.model.fix(x.v, 0);
    timed.sort((a, b) => a.start - b.start);
    for (const [i, a] of timed.entries()) {
      for (const b of timed.slice(i + 1)) {
        // Sorted by start: once one starts far enough after a's end, every later one does.
        if (b.start >= a.end + Math.max(0, minutes)) break;
        if (shortOfRest(a, b, minutes)) clash(r, a, b);
      }
    }
  }
}

/**
 * Rest between kinds without clock times (the benchmark's "may not follow"): shift `next` may not follow
 * shift `first` on the next day. The same pairwise rule as `minRest`, the pairs named instead of timed.
 */
export function forbidSuccession(r: Roster, first: number, next: number): void {
  for (let s = 0; s < r.staffIds.length; s++)
    for (let d = 0; d + 1 < r.dayCount; d++)
      for (const a of cell(r, s, d).filter((x) => x.kind === first))
        for (const b of cell(r, s, d + 1).filter((x) => x.kind === next)) clash(r, a, b);
}

/** Staff s works shift k on at most `max` days. */
export function maxShiftsOfKind(r: Roster, s: number, k: number, max: number): void {
  const terms = r.cells[s]!.flat()
    .filter((x) => x.kind === k)
    .map((shift) => ({ shift, coef: 1 }));
  limit(r, terms, max);
}

/**
 * Hours: staff s's worked minutes on days `first` … `last` (a team week, the period; either may lie
 * outside the period), fixed shifts of those days counted, lie in [min, max]. `minutesOf` reads a
 * shift's minutes (its own by default).
 */
export function minutesWithin(
  r: Roster,
  s: number,
  first: number,
  last: number,
  bounds: { min?: number; max?: number },
  minutesOf: (shift: RosterShift) => number = (x) => x.minutes,
): void {
  const fixed = r.fixed[s]!.filter((f) => f.day >= first && f.day <= last).reduce((n, f) => n + f.minutes, 0);
  const terms = r.cells[s]!.flat()
    .filter((x) => x.day >= first && x.day <= last)
    .map((shift) => ({ shift, coef: minutesOf(shift) }));
  // At most one shift a day counts, so the most they can reach is the longest shift of each day.
  const longest = new Map<number, number>();
  for (const t of terms) longest.set(t.shift.day, Math.max(longest.get(t.shift.day) ?? 0, t.coef));
  const reach = [...longest.values()].reduce((n, m) => n + m, 0);
  const load = terms.reduce((n, t) => n + (t.shift.existing ? t.coef : 0), 0);
  const lower =
    bounds.min === undefined || bounds.min - fixed <= 0 ? Number.NEGATIVE_INFINITY : bounds.min - fixed;
  let upper = bounds.max === undefined ? Number.POSITIVE_INFINITY : bounds.max - fixed;
  if (upper < load) {
    // Already over without anything new: no new shift in these days, nothing existing forced out.
    for (const t of terms) if (!t.shift.existing && t.coef > 0) r.model.fix(t.shift.v, 0);
    upper = Number.POSITIVE_INFINITY;
  }
  if (reach <= upper) upper = Number.POSITIVE_INFINITY;
  if (lower === Number.NEGATIVE_INFINITY && upper === Number.POSITIVE_INFINITY) return;
  r.model.addRow(
    terms.map((t) => ({ v: t.shift.v, coef: t.coef })),
    lower,
    upper,
  );
}

/** Hours over the whole period with a length per kind: minutes in [min, max]. */
export function totalMinutes(
  r: Roster,
  s: number,
  minutes: readonly number[],
  min: number,
  max: number,
): void {
  minutesWithin(r, s, 0, r.dayCount - 1, { min, max }, (x) => minutes[x.kind] ?? 0);
}

/**
 * No run of more than `max` consecutive working days: every window of max + 1 days touching the
 * period holds a day off, days with a fixed shift (before, inside or after the period) counted as worked.
 */
export function maxConsecutiveWorkDays(r: Roster, s: number, max: number): void {
  const fixedDays = new Set(r.fixed[s]!.map((f) => f.day));
  for (let first = -max; first < r.dayCount; first++) {
    const last = first + max;
    let worked = 0;
    for (let d = first; d <= last; d++) if (fixedDays.has(d)) worked++;
    const terms: { shift: RosterShift; coef: number }[] = [];
    const days = new Set<number>();
    for (let d = Math.max(0, first); d <= Math.min(last, r.dayCount - 1); d++)
      for (const shift of cell(r, s, d)) {
        terms.push({ shift, coef: 1 });
        days.add(d);
      }
    limit(r, terms, max - worked, days.size);
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
    r.completions.push((values) => {
      values[k] = days.some((d) => worksOn(r, s, d).some((t) => (values[t.v] ?? 0) > 0.5)) ? 1 : 0;
    });
    return k;
  });
  if (worked.length > max) r.model.atMost(sum(worked), max);
}

/** Staff s does not work on day d (time off, a day off, a locked day): no new shift that day. */
export function dayOff(r: Roster, s: number, d: number): void {
  for (const x of cell(r, s, d)) if (!x.existing) r.model.fix(x.v, 0);
}

/**
 * Shift length: a new shift whose span (start to end) is outside [min, max] minutes is ruled out
 * (either bound null = no bound). Kinds without times have no span and are left alone.
 */
export function shiftLength(r: Roster, min: number | null, max: number | null): void {
  for (const x of r.shifts) {
    if (x.existing || !Number.isFinite(x.start)) continue;
    const span = x.end - x.start;
    if ((min !== null && span < min) || (max !== null && span > max)) r.model.fix(x.v, 0);
  }
}

/**
 * Availability: the person would rather not (or cannot) work this shift. It costs `weight` if worked;
 * Infinity rules a new shift out.
 */
export function avoidShift(r: Roster, shift: RosterShift, weight: number): void {
  if (weight === Number.POSITIVE_INFINITY) {
    if (!shift.existing) r.model.fix(shift.v, 0);
  } else r.model.addCost(shift.v, weight);
}

/** A preference for this shift: working it earns `weight` (a negative cost). */
export function preferShift(r: Roster, shift: RosterShift, weight: number): void {
  r.model.addCost(shift.v, -weight);
}

/** A wish to work shift k on day d: costs `weight` if it is not given. */
export function shiftOnRequest(r: Roster, s: number, d: number, k: number, weight: number): void {
  r.model.addConstant(weight);
  preferShift(r, ofKind(r, s, d, k), weight);
}

/** A wish not to work shift k on day d: costs `weight` if it is given. */
export function shiftOffRequest(r: Roster, s: number, d: number, k: number, weight: number): void {
  avoidShift(r, ofKind(r, s, d, k), weight);
}

/** Changes cost `weight` each: a new shift worked, an existing shift removed. */
export function changeCost(r: Roster, weight: number): void {
  for (const x of r.shifts) {
    if (x.existing) {
      r.model.addConstant(weight);
      r.model.addCost(x.v, -weight);
    } else r.model.addCost(x.v, weight);
  }
}

/**
 * Coverage over any set of shifts: `required` of them worked. Shortfall costs `underWeight` per person
 * and excess `overWeight`; Infinity makes that side hard, an excess weight of 0 leaves excess free.
 * `slack: 'continuous'` keeps the slacks out of branching (at an optimum they are whole numbers anyway).
 */
export function coverShifts(
  r: Roster,
  shifts: readonly RosterShift[],
  required: number,
  weights: { under: number; over: number; slack?: 'integer' | 'continuous'; name?: string },
): void {
  const terms: Term[] = shifts.map((x) => ({ v: x.v, coef: 1 }));
  const name = weights.name ?? String(r.covers.length);
  const kind = weights.slack ?? 'integer';
  const under =
    weights.under === Number.POSITIVE_INFINITY ? -1 : r.model.addVar(`under_${name}`, kind, 0, required);
  const over =
    weights.over === Number.POSITIVE_INFINITY || weights.over === 0
      ? -1
      : r.model.addVar(`over_${name}`, kind);
  const people = terms.map((t) => t.v);
  if (under >= 0) {
    r.model.addCost(under, weights.under);
    terms.push({ v: under, coef: 1 });
  }
  if (over >= 0) {
    r.model.addCost(over, weights.over);
    terms.push({ v: over, coef: -1 });
  }
  if (weights.over === 0) r.model.atLeast(terms, required);
  else r.model.equal(terms, required);
  const cover = { staff: people, required, under, over };
  r.covers.push(cover);
  r.completions.push((values) => tightenOne(cover, values));
}

/** Coverage of shift k on day d by everyone (the benchmark's cover rows). */
export function coverage(
  r: Roster,
  d: number,
  k: number,
  required: number,
  underWeight: number,
  overWeight: number,
): void {
  const shifts = r.staffIds.map((_, s) => ofKind(r, s, d, k));
  coverShifts(r, shifts, required, { under: underWeight, over: overWeight, name: `${d}_${r.shiftIds[k]}` });
}

/**
 * At most `max` of these shifts worked, or as many existing ones as there are if that is more: a cap
 * that never forces an existing shift out but lets one give way to a new one.
 */
export function capShifts(r: Roster, shifts: readonly RosterShift[], max: number): void {
  const bound = Math.max(max, shifts.filter((x) => x.existing).length);
  if (shifts.length <= bound) return;
  r.model.atMost(
    shifts.map((x) => ({ v: x.v, coef: 1 })),
    bound,
  );
}

/**
 * Fairness against contracted hours: staff s's worked minutes on days `first` … `last` (fixed shifts
 * counted) aimed at `target`. Each minute short costs `perMinute` × 1 in the first quarter of the
 * target, × 2 in the second, × 3, × 4; each minute over costs × 6. The rising steps spread hours in
 * proportion to targets rather than piling them on whoever is cheapest.
 */
export function fairMinutes(
  r: Roster,
  s: number,
  first: number,
  last: number,
  target: number,
  perMinute: number,
): void {
  const fixed = r.fixed[s]!.filter((f) => f.day >= first && f.day <= last).reduce((n, f) => n + f.minutes, 0);
  const terms: Term[] = r.cells[s]!.flat()
    .filter((x) => x.day >= first && x.day <= last)
    .map((x) => ({ v: x.v, coef: x.minutes }));
  const minutesOf = (values: Float64Array) =>
    fixed + terms.reduce((n, t) => n + t.coef * (values[t.v] ?? 0), 0);
  const name = r.staffIds[s];
  if (target > 0) {
    const quarters = [1, 2, 3, 4].map((step) => {
      const v = r.model.addVar(`short_${name}_${step}`, 'continuous', 0, target / 4);
      r.model.addCost(v, perMinute * step);
      return v;
    });
    r.model.atLeast([...quarters.map((v) => ({ v, coef: 1 })), ...terms], target - fixed);
    r.completions.push((values) => {
      let short = Math.max(0, target - minutesOf(values));
      for (const v of quarters) {
        values[v] = Math.min(short, target / 4);
        short -= values[v];
      }
    });
  }
  const over = r.model.addVar(`over_${name}`, 'continuous', 0);
  r.model.addCost(over, perMinute * 6);
  r.model.atLeast([{ v: over, coef: 1 }, ...terms.map((t) => ({ v: t.v, coef: -t.coef }))], fixed - target);
  r.completions.push((values) => {
    values[over] = Math.max(0, minutesOf(values) - target);
  });
}

function tightenOne(c: Roster['covers'][number], out: Float64Array): void {
  const assigned = c.staff.reduce((n, v) => n + (out[v] ?? 0), 0);
  if (c.under >= 0) out[c.under] = Math.max(0, c.required - assigned);
  if (c.over >= 0) out[c.over] = Math.max(0, assigned - c.required);
}

/**
 * Sets each coverage slack to the actual shortfall and excess. A solution stopped at the time
 * limit may carry both a shortfall and an excess on one slot (they cancel in the row), which
 * overstates its cost; the tightened values are still feasible and cost exactly what the roster does.
 */
export function tightenCoverage(r: Roster, values: Float64Array): Float64Array {
  const out = Float64Array.from(values);
  for (const c of r.covers) tightenOne(c, out);
  return out;
}

/**
 * Every variable's value from the shift variables' values (`values`, changed in place): the helper
 * variables set to what they cost the least at, so a known roster can be handed to HiGHS as a start.
 */
export function completeValues(r: Roster, values: Float64Array): Float64Array {
  for (const complete of r.completions) complete(values);
  return values;
}

/** The assigned shift kind per staff and day (-1 = off) from solved values. */
export function readAssignments(r: Roster, values: ArrayLike<number>): number[][] {
  return r.cells.map((days) =>
    days.map((shifts) => shifts.find((x) => (values[x.v] ?? 0) > 0.5)?.kind ?? -1),
  );
}
