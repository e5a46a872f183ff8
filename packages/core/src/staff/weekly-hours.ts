/** The contracted hours in force on `date`: the latest entry starting on or before it, else null. */
export function contractedHoursOn(
  entries: readonly { hoursPerWeek: number; effectiveFrom: string }[],
  date: string,
): number | null {
  let best: { hoursPerWeek: number; effectiveFrom: string } | null = null;
  for (const entry of entries) {
    if (entry.effectiveFrom <= date && (!best || entry.effectiveFrom > best.effectiveFrom)) best = entry;
  }
  return best?.hoursPerWeek ?? null;
}
