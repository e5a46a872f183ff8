/** PostgreSQL's code for a unique-index violation (the same from pg and PGlite). */
const UNIQUE_VIOLATION = '23505';

/**
 * True when a database error is a unique-index violation: two requests raced for the same value and
 * the index, not our check before it, had the last word. Drizzle wraps the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
