/**
 * The bounds every input is held to before it reaches the database, so that no value a user can send
 * fails there (a 500) instead of at validation (a 400 with a sentence). PostgreSQL refuses NUL in text
 * and unpaired UTF-16 surrogates in jsonb; its `date` type takes years PostgreSQL can store but our
 * calendar maths cannot format; integer columns stop at 2^31 − 1.
 */

/** C0 controls other than tab, line feed and carriage return; DEL; the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Tab, line feed and carriage return: allowed in notes, not in one-line fields such as names. */
const LINE_CONTROL = /[\t\n\r]/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as typed (control characters, broken Unicode), or null when it can. */
export function textProblem(value: string, options: { multiline: boolean }): string | null {
  if (CONTROL.test(value) || (!options.multiline && LINE_CONTROL.test(value))) {
    return options.multiline
      ? 'cannot contain control characters'
      : 'cannot contain control characters or line breaks';
  }
  if (LONE_SURROGATE.test(value)) return 'contains characters that are not valid text';
  return null;
}

/** Cuts text to at most `max` characters (code points), never splitting a character in two. */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  return Array.from(value).slice(0, max).join('');
}

/** The calendar Rotaboard works in: wide enough for any rota, narrow enough for every date sum. */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';

/** A `YYYY-MM-DD` string inside the supported calendar (the format itself is checked elsewhere). */
export function isDateInRange(date: string): boolean {
  return date >= EARLIEST_DATE && date <= LATEST_DATE;
}

export const MINUTES_PER_DAY = 24 * 60;

/** Integer columns (PostgreSQL `integer`) hold at most this. */
export const MAX_INT_COLUMN = 2_147_483_647;

/** Offsets into paged lists: far beyond any real list, far below any column or JavaScript limit. */
export const MAX_PAGE_OFFSET = 1_000_000;
