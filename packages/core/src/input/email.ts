/**
 * The email address rule without zod, for the sign-in form (the login page stays small: zod is not
 * in its code). The server checks the same address with `EmailAddress` (contracts/common.ts), a zod
 * schema; test/email.test.ts holds the two to the same answers, message for message.
 */

export const MAX_EMAIL_LENGTH = 254;

export const EMAIL_MESSAGES = {
  missing: 'Please enter your email address',
  tooLong: `An email address can be at most ${MAX_EMAIL_LENGTH} characters`,
  invalid: 'Please enter a valid email address',
} as const;

/** zod 4's default email pattern (`z.email()`), which `EmailAddress` uses. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The address as stored (trimmed, lower-case), or the sentence saying what is wrong with it. */
export function checkEmailAddress(raw: string): { email: string } | { problem: string } {
  const trimmed = raw.trim();
  if (trimmed.length === 0) return { problem: EMAIL_MESSAGES.missing };
  if (trimmed.length > MAX_EMAIL_LENGTH) return { problem: EMAIL_MESSAGES.tooLong };
  if (!EMAIL_PATTERN.test(trimmed)) return { problem: EMAIL_MESSAGES.invalid };
  return { email: trimmed.toLowerCase() };
}
