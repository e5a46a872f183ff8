/**
 * Money in Rotaboard is an integer count of a currency's minor unit (cents, pence; yen have none),
 * never a float (issue 43). This file holds the bounds and the currency facts, from `Intl` only.
 */

/** An hourly rate's bounds, in minor units: 0 to 10,000.00 of a two-decimal currency. */
export const MAX_HOURLY_RATE_MINOR = 1_000_000;
/** A weekly budget's bound: fits PostgreSQL's `integer` with room for the sums made of it. */
export const MAX_WEEKLY_BUDGET_MINOR = 1_000_000_000;
/** Overtime's multiplier: 1 (no premium) to 3, in steps of 0.01 so money stays integer arithmetic. */
export const MIN_OVERTIME_MULTIPLIER = 1;
export const MAX_OVERTIME_MULTIPLIER = 3;
export const DEFAULT_OVERTIME_MULTIPLIER = 1.5;

/** ISO 4217 codes as this runtime knows them (Intl.supportedValuesOf, Node 18+ and every browser). */
let known: Set<string> | null = null;
export function isIsoCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  known ??= new Set(Intl.supportedValuesOf('currency'));
  return known.has(code);
}

/** How many digits the currency's minor unit has (GBP 2, JPY 0, BHD 3). */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** An amount of minor units as people read it: `formatMoney(123456, 'GBP', 'en-GB')` → "£1,234.56". */
export function formatMoney(minor: number, currency: string, locales?: string | readonly string[]): string {
  const digits = minorDigits(currency);
  // Division happens only here, for display: the amount itself stays an integer everywhere else.
  return new Intl.NumberFormat(locales as string | string[] | undefined, {
    style: 'currency',
    currency,
    // "$", not the "US$" an en-GB browser writes: a team counts in one currency, named in its settings
    // and in every export's header, so the short symbol is never ambiguous where it is shown.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

/** The multiplier as whole hundredths (1.5 → 150), so every sum of money stays in integers. */
export function multiplierHundredths(multiplier: number): number {
  return Math.round(multiplier * 100);
}

/** `numerator / denominator` rounded half up, for non-negative integers (exact: no float division). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const whole = Math.floor(numerator / denominator);
  const rest = numerator - whole * denominator;
  return rest * 2 >= denominator ? whole + 1 : whole;
}
