import { shortOfRest } from '@rotaboard/core/staffing/rest';
import { sum, type Term } from './mip-model.ts';
import { cell, limit, type Roster, type RosterShift, worksOn } from './roster.ts';

/**
 * The roster's hard rules as builders (roster.ts has the roster they add to): one shift a day, rest,
 * shift kinds, hours over a run of days, days in a row, runs, weekends, days off and shift length. Each
 * goes through `limit` where it caps new shifts, so a rule the rota already breaks never forces an
 * existing shift out.
 */

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
