import { z } from 'zod';
import { EARLIEST_DATE, isDateInRange, LATEST_DATE, MAX_PAGE_OFFSET, textProblem } from '../input/bounds.ts';
import { EMAIL_MESSAGES, MAX_EMAIL_LENGTH } from '../input/email.ts';
import { SUBSCRIPTION_TIERS } from '../plans/plan-limits.ts';

/** A subscription tier as the API sends it (the plans themselves: plans/plan-limits.ts). */
export const SubscriptionTier = z.enum(SUBSCRIPTION_TIERS);

/** Every non-2xx body of the API has this shape (docs/architecture.md, "Errors"). */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string().optional(),
  retryAfterSeconds: z.number().int().optional(),
  isRateLimit: z.boolean().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  clashes: z
    .array(z.object({ shiftId: z.string(), shiftDate: z.string(), description: z.string() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export { MAX_EMAIL_LENGTH };

/**
 * An email address, trimmed and lower-cased so one person has one account. The web form checks it
 * with `checkEmailAddress` (input/email.ts), the same rule without zod.
 */
export const EmailAddress = z
  .string({ error: EMAIL_MESSAGES.missing })
  .trim()
  .min(1, EMAIL_MESSAGES.missing)
  .max(MAX_EMAIL_LENGTH, EMAIL_MESSAGES.tooLong)
  .pipe(z.email(EMAIL_MESSAGES.invalid))
  .transform((email) => email.toLowerCase());

export const Uuid = z.uuid('Must be a valid id');

/** A calendar date as `YYYY-MM-DD`, from 1900 to 2999 (input/bounds). */
export const IsoDate = z.iso
  .date('Must be a date as YYYY-MM-DD')
  .refine(isDateInRange, `Dates must be between ${EARLIEST_DATE} and ${LATEST_DATE}`);

/**
 * Refuses text that cannot be stored as typed: control characters (line breaks too unless
 * `multiline`) and broken Unicode. The message starts with the field's label.
 */
export function plainText<T extends z.ZodString>(schema: T, label: string, multiline = false): T {
  return schema.superRefine((value, ctx) => {
    const problem = textProblem(value, { multiline });
    if (problem) ctx.addIssue({ code: 'custom', message: `${label} ${problem}` });
  }) as T;
}

/** The `hash` an edit was read with: opaque, never stored, so only its length is bounded. */
export const ReadHash = z
  .string({ error: 'hash is required' })
  .min(1, 'hash is required')
  .max(200, 'hash is not valid');

export const MessageResponse = z.object({ success: z.boolean(), message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** `?offset=&limit=` of every paged list (history, requests): 20 a page by default, at most 100. */
export const PageQuery = z.object({
  offset: z.coerce
    .number()
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(MAX_PAGE_OFFSET, `offset must be at most ${MAX_PAGE_OFFSET}`)
    .default(0),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be 1 to 100')
    .max(100, 'limit must be 1 to 100')
    .default(20),
});
