import { z } from 'zod';

/** Every non-2xx body of the API has this shape (docs/architecture.md, "Errors"). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  isRateLimit: z.boolean().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const MAX_EMAIL_LENGTH = 254;

/** An email address, trimmed and lower-cased so one person has one account. */
export const EmailAddress = z
  .string({ error: 'Please enter your email address' })
  .trim()
  .min(1, 'Please enter your email address')
  .max(MAX_EMAIL_LENGTH, `An email address can be at most ${MAX_EMAIL_LENGTH} characters`)
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const Uuid = z.uuid('Must be a valid id');

/** A calendar date as `YYYY-MM-DD`. */
export const IsoDate = z.iso.date('Must be a date as YYYY-MM-DD');

export const MessageResponse = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
