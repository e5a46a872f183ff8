import { z } from 'zod';
import { EmailAddress, IsoDate, MAX_EMAIL_LENGTH, plainText, ReadHash } from './common.ts';
import { MAX_NAME_LENGTH } from './users.ts';

export const MAX_ROLE_LENGTH = 50;

export const InviteStatus = z.enum(['not_invited', 'invited', 'accepted']);
export type InviteStatus = z.infer<typeof InviteStatus>;

export const StaffDto = z.object({
  staffId: z.uuid(),
  teamId: z.uuid(),
  userId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: z.string(),
  /** Shown to the team's owner and administrators only; null for other viewers. */
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  inviteStatus: InviteStatus,
  invitedAt: z.iso.datetime().nullable(),
  joinedAt: z.iso.datetime().nullable(),
  leavingDate: z.string().nullable(),
  displayOrder: z.number().int(),
  /** Sent back on update; a stale hash is refused (409). */
  hash: z.string(),
});
export type StaffDto = z.infer<typeof StaffDto>;

/** GET /api/teams/{id}/staff?date=&includeAll= */
export const ListStaffQuery = z.object({
  date: IsoDate.optional(),
  includeAll: z
    .enum(['true', 'false'], { error: 'includeAll must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
});

export const StaffParams = z.object({
  id: z.uuid('Team not found'),
  staffId: z.uuid('Staff member not found'),
});

const FirstName = plainText(
  z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(MAX_NAME_LENGTH, `First name can be at most ${MAX_NAME_LENGTH} characters`),
  'First name',
);
const LastName = plainText(
  z
    .string({ error: 'Last name must be text' })
    .trim()
    .max(MAX_NAME_LENGTH, `Last name can be at most ${MAX_NAME_LENGTH} characters`),
  'Last name',
);
const Role = plainText(
  z
    .string({ error: 'Role must be text' })
    .trim()
    .max(MAX_ROLE_LENGTH, `Role can be at most ${MAX_ROLE_LENGTH} characters`),
  'Role',
);
/** An optional address: blank means none; anything else must be a valid address. */
const OptionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((value) => value || null)
  .pipe(EmailAddress.nullable());

/** POST /api/teams/{id}/staff */
export const CreateStaffInput = z.object({
  firstName: FirstName,
  lastName: LastName.default(''),
  role: Role.default(''),
  email: OptionalEmail,
  isAdmin: z.boolean().default(false),
});
export type CreateStaffInput = z.input<typeof CreateStaffInput>;

/** PUT /api/teams/{id}/staff/{staffId}: the whole editable record, with the hash it was read with. */
export const UpdateStaffInput = z.object({
  firstName: FirstName,
  lastName: LastName.default(''),
  role: Role.default(''),
  email: OptionalEmail,
  isAdmin: z.boolean().optional(),
  hash: ReadHash,
});
export type UpdateStaffInput = z.input<typeof UpdateStaffInput>;

/** DELETE /api/teams/{id}/staff/{staffId}?leavingDate=: a future date marks them as leaving. */
export const RemoveStaffQuery = z.object({ leavingDate: IsoDate.optional() });

export const RemoveStaffResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** 'leaving' when a future leaving date was set, 'removed' when the person is gone. */
  outcome: z.enum(['leaving', 'removed']),
  staff: StaffDto.nullable(),
});
export type RemoveStaffResponse = z.infer<typeof RemoveStaffResponse>;

/** POST /api/teams/{id}/staff/order: every member's id, in the new order. */
export const StaffOrderInput = z.object({
  staffIds: z
    .array(z.uuid('Each id must be a staff id'))
    .min(1, 'The order must list every member of staff')
    .max(1000, 'The order can list at most 1000 members of staff'),
});
export type StaffOrderInput = z.infer<typeof StaffOrderInput>;

/** GET /api/teams/{id}/staff/limits */
export const StaffLimitsResponse = z.object({
  tier: z.enum(['free', 'pro']),
  currentStaff: z.number().int(),
  maxStaff: z.number().int(),
  currentAdmins: z.number().int(),
  maxAdmins: z.number().int(),
});
export type StaffLimitsResponse = z.infer<typeof StaffLimitsResponse>;

/** POST /api/teams/{id}/invite */
export const InviteInput = z.object({ staffId: z.uuid('Staff member not found'), email: EmailAddress });
export type InviteInput = z.infer<typeof InviteInput>;

/** POST /api/teams/{id}/resend-invite, DELETE /api/teams/{id}/invite, DELETE /api/teams/{id}/access */
export const StaffRefInput = z.object({
  staffId: z.uuid('Staff member not found'),
  /** Sent by the client for its own messages; not used by the server. */
  email: z.string().max(MAX_EMAIL_LENGTH).optional(),
});
export type StaffRefInput = z.infer<typeof StaffRefInput>;

/** POST /api/invites/accept */
export const AcceptInviteInput = z.object({
  token: z
    .string({ error: 'Invalid invitation link. No token provided.' })
    .min(1, 'Invalid invitation link. No token provided.')
    .max(200, 'This invitation link is not valid. Ask your manager to send a new one.'),
});
export const AcceptInviteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The link proved the address: the person is signed in now (a session cookie came with this). */
  signedIn: z.boolean(),
  staff: z.object({
    teamId: z.uuid(),
    teamName: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type AcceptInviteResponse = z.infer<typeof AcceptInviteResponse>;
