import { type MipModel, sum, type Term } from './mip-model.ts';

/**
 * The roster model builder's core: the roster, its shift variables and reading a solution back. The
 * schedule agent (agent/mip-plan.ts) and the NRP benchmark (bench/nrp.bench.ts) both build their
 * models only from this file and the builders beside it, so the benchmark measures the agent's own
 * model: the hard rules (roster-constraints.ts), coverage (roster-coverage.ts) and costs
 * (roster-costs.ts). Split by what a builder adds to the model, so each rule reads next to its kin.
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

/** Staff s's shift variables on day d (an error if the roster has no such staff or day). */
export function cell(r: Roster, s: number, d: number): RosterShift[] {
  const day = r.cells[s]?.[d];
  if (!day) throw new Error(`No staff ${s} or day ${d} in the roster`);
  return day;
}

export function ofKind(r: Roster, s: number, d: number, k: number): RosterShift {
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
