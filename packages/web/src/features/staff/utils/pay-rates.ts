import type { PayRateDto } from '@rotaboard/core/contracts/labour';

/** Newest first, as the server sends them (kept so even if the order ever changes). */
export function sortPayRates(rates: readonly PayRateDto[]): PayRateDto[] {
  return [...rates].sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom));
}

/** The rate in force on `today`: the latest starting on or before it (a rate applies until the next). */
export function currentPayRateId(rates: readonly PayRateDto[], today: string): string | null {
  let best: PayRateDto | null = null;
  for (const rate of rates) {
    if (rate.effectiveFrom <= today && (!best || rate.effectiveFrom > best.effectiveFrom)) best = rate;
  }
  return best?.payRateId ?? null;
}

/** The server's words about one field of the form (a 400 names it), if any. */
export function fieldMessage(
  errors: readonly { path: string; message: string }[] | undefined,
  field: string,
): string | undefined {
  return errors?.find((error) => error.path === field || error.path.endsWith(`.${field}`))?.message;
}
