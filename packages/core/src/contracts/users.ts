import { z } from 'zod';
import { TIME_FORMATS } from '../time/format.ts';
import { plainText, SubscriptionTier } from './common.ts';

export const MAX_NAME_LENGTH = 50;

const personName = (label: string) =>
  plainText(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(MAX_NAME_LENGTH, `${label} can be at most ${MAX_NAME_LENGTH} characters`),
    label,
  );

export const UserDto = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subscriptionTier: SubscriptionTier,
  /** Whether request emails (a request arrived, yours was decided) are sent; set in Settings. */
  requestEmails: z.boolean(),
  /** How shift times are shown: the browser's region's way ('auto'), or always 12- or 24-hour. */
  timeFormat: z.enum(TIME_FORMATS),
});
export type UserDto = z.infer<typeof UserDto>;

/** PUT /api/users/me */
export const UpdateProfileInput = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
});
export type UpdateProfileInput = z.infer<typeof UpdateProfileInput>;

export const UserResponse = z.object({ success: z.literal(true), user: UserDto });
export type UserResponse = z.infer<typeof UserResponse>;

/** PUT /api/users/me/preferences: any of the preferences, at least one; the others stay as they are. */
export const UpdatePreferencesInput = z
  .object({
    requestEmails: z.boolean({ error: 'requestEmails must be true or false' }).optional(),
    timeFormat: z.enum(TIME_FORMATS, { error: 'timeFormat must be one of auto, 12h or 24h' }).optional(),
  })
  .refine((input) => input.requestEmails !== undefined || input.timeFormat !== undefined, {
    message: 'Send requestEmails or timeFormat',
  });
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInput>;
