import type { z } from 'zod';

/**
 * Checks a write's response against its contract while the write's transaction is still open. The
 * route checks it again when sending, after commit, where a failure would answer 500 for a change
 * already made (and leave a row every later read trips over); failing here rolls the change back.
 */
export function certainResponse<T>(schema: z.ZodType<T>, value: T): T {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new Error(
      `A response did not fit its contract, so the change was rolled back: ${checked.error.message}`,
    );
  }
  return value;
}
