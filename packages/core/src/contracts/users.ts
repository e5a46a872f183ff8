import { z } from 'zod';
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

/** PUT /api/users/me/preferences */
export const UpdatePreferencesInput = z.object({
  requestEmails: z.boolean({ error: 'requestEmails must be true or false' }),
});
export type UpdatePreferencesInput = z.infer<typeof UpdatePreferencesInput>;
