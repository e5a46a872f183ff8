import { z } from 'zod';
import { EmailAddress } from './common.ts';
import { UserDto } from './users.ts';

/** POST /api/auth/login */
export const LoginInput = z.object({ email: EmailAddress });
export type LoginInput = z.infer<typeof LoginInput>;

export const LoginResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Seconds until another link may be requested for this address. */
  resendAfterSeconds: z.number().int(),
  /** Minutes the emailed link stays valid. */
  expiresInMinutes: z.number().int(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** A token from an emailed link: URL-safe base64 of 32 random bytes. */
export const LinkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid');

/** GET /api/auth/verify/{token} */
export const VerifyResponse = z.object({
  success: z.literal(true),
  needsProfileCompletion: z.boolean(),
  shouldPromptForTeamCreation: z.boolean(),
  hasAcceptedInvite: z.boolean(),
  inviteTeamId: z.uuid().nullable(),
  isNewUser: z.boolean(),
  message: z.string(),
});
export type VerifyResponse = z.infer<typeof VerifyResponse>;

/** Support mode as the signed-in browser sees it: an agent acting as this user until `expiresAt`. */
export const SupportModeDto = z.object({
  agentName: z.string(),
  startedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type SupportModeDto = z.infer<typeof SupportModeDto>;

/** GET /api/auth/me */
export const MeResponse = z.object({
  success: z.literal(true),
  user: UserDto,
  needsProfileCompletion: z.boolean(),
  shouldPromptForTeamCreation: z.boolean(),
  /** Present only while a support agent acts as this user (issue 14). */
  supportMode: SupportModeDto.optional(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** POST /api/auth/change-email/initiate */
export const InitiateEmailChangeInput = z.object({ newEmail: EmailAddress });
export type InitiateEmailChangeInput = z.infer<typeof InitiateEmailChangeInput>;

/** GET /api/auth/change-email/verify-new/{token} */
export const VerifyNewEmailResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  currentEmail: z.string(),
  newEmail: z.string(),
});
export type VerifyNewEmailResponse = z.infer<typeof VerifyNewEmailResponse>;

/** GET /api/auth/change-email/confirm/{token} */
export const ConfirmEmailChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  newEmail: z.string(),
});
export type ConfirmEmailChangeResponse = z.infer<typeof ConfirmEmailChangeResponse>;

/**
 * The two stages of a pending change: the new address has not been verified yet, or it has and the
 * old address must confirm.
 */
export const EmailChangeStage = z.enum([
  'awaiting_new_email_verification',
  'awaiting_old_email_confirmation',
]);
export type EmailChangeStage = z.infer<typeof EmailChangeStage>;

/** GET /api/auth/change-email/status */
export const EmailChangeStatusResponse = z.object({
  success: z.literal(true),
  hasPendingChange: z.boolean(),
  currentEmail: z.string(),
  newEmail: z.string().nullable(),
  stage: EmailChangeStage.nullable(),
  expiresAt: z.iso.datetime().nullable(),
});
export type EmailChangeStatusResponse = z.infer<typeof EmailChangeStatusResponse>;

/** GET /api/support/user/is-support */
export const IsSupportResponse = z.object({ isSupportUser: z.boolean() });
export type IsSupportResponse = z.infer<typeof IsSupportResponse>;

/** POST /api/auth/impersonate/{userId}: the ticket it starts from (optional; else the user's latest). */
export const ImpersonateParams = z.object({ userId: z.uuid('No ticket from this user was found') });
export const ImpersonateInput = z.object({ ticketId: z.uuid('Ticket not found').optional() }).nullish();
export const ImpersonateResponse = z.object({
  success: z.literal(true),
  impersonatedUser: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  expiresAt: z.iso.datetime(),
});
export type ImpersonateResponse = z.infer<typeof ImpersonateResponse>;
