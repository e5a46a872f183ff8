import { minorDigits } from '@rotaboard/core/labour/money';

export type MoneyParse = { ok: true; minor: number } | { ok: false; message: string };

/**
 * An amount typed in currency units ("12.50", "1,234.5", "£12") as integer minor units, read from the
 * decimal string itself, never through a float: 0.1 + 0.2 is not 0.3, and 19.99 × 100 is
 * 1998.9999999999998. Thousands commas and the currency's symbol are allowed; more decimals than the
 * currency has (a third for pence, any for yen), a minus, or anything else is refused in words.
 */
export function parseMoneyInput(text: string, currency: string, max: number): MoneyParse {
  const digits = minorDigits(currency);
  const cleaned = text
    .trim()
    .replace(/^[^\d.,-]+/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (cleaned === '') return { ok: false, message: 'Enter an amount' };
  if (cleaned.startsWith('-')) return { ok: false, message: 'The amount cannot be negative' };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (!match || (match[1] === '' && !match[2]))
    return { ok: false, message: 'Enter an amount such as 12.50' };
  const whole = match[1] || '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0 ? `${currency} has no smaller unit: enter a whole amount` : `At most ${digits} decimals`,
    };
  }
  // Long strings of digits would lose exactness as a number; no amount here needs more than 12.
  if (whole.replace(/^0+/, '').length > 12) return { ok: false, message: 'The amount is too large' };
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (minor > max) return { ok: false, message: `The amount can be at most ${minorToInput(max, currency)}` };
  return { ok: true, minor };
}

/** Integer minor units as the plain decimal an input shows (1250 GBP → "12.50"), without a float. */
export function minorToInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  const text = String(Math.abs(minor)).padStart(digits + 1, '0');
  return `${minor < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
