/** PostgreSQL's code for a unique-index violation (the same from pg and PGlite). */
const UNIQUE_VIOLATION = '23505';
/** Two transactions waited on each other (PostgreSQL aborts one), or could not be serialised. */
const DEADLOCK_DETECTED = '40P01';
const SERIALIZATION_FAILURE = '40001';

/** The driver's SQLSTATE, looking through Drizzle's wrapper (`cause`). */
function sqlState(error: unknown): unknown {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * True when a database error is a unique-index violation: two requests raced for the same value and
 * the index, not our check before it, had the last word.
 */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === UNIQUE_VIOLATION;
}

/**
 * True when a write lost a race to another one and was rolled back whole: a unique index had the last
 * word, or two transactions locked the same rows in opposite orders (say, a shift being added for a
 * person while the person is removed). Trying again is safe.
 */
export function isConcurrentWriteConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === UNIQUE_VIOLATION || state === DEADLOCK_DETECTED || state === SERIALIZATION_FAILURE;
}
