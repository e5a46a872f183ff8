/** A person's hourly rate from a date on, until the next one (issue 43). */
export type PayRate = { effectiveFrom: string; hourlyRateMinor: number };

/**
 * The rate in force on `date`: the latest whose `effectiveFrom` is on or before it, or null when the
 * person has none yet (they cost 0 and are flagged).
 */
export function rateOn(rates: readonly PayRate[], date: string): PayRate | null {
  let found: PayRate | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= date && (!found || rate.effectiveFrom > found.effectiveFrom)) found = rate;
  }
  return found;
}
