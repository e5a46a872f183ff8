import type { Term } from './mip-model.ts';
import { ofKind, type Roster, type RosterShift } from './roster.ts';

/**
 * Coverage: how many people a set of shifts (a slot, or the benchmark's shift kind on a day) needs, with
 * slack for shortfall and excess priced in the objective, and caps on how many may work. Also setting the
 * slacks to what a solution really covers (roster.ts has the roster they add to).
 */

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
