import type { Term } from './mip-model.ts';
import { ofKind, type Roster, type RosterShift } from './roster.ts';

/**
 * The roster's soft rules: what the objective charges or earns (roster.ts has the roster they add to).
 * Availability and preferences, requests for a shift on or off, the cost of each change, and fairness
 * against contracted hours.
 */

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
