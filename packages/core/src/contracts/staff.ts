import { z } from 'zod';
import { IsoDate } from './common.ts';

export const StaffDto = z.object({
  staffId: z.uuid(),
  teamId: z.uuid(),
  userId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  role: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  isOwner: z.boolean(),
  inviteStatus: z.enum(['not_invited', 'invited', 'accepted']),
  leavingDate: z.string().nullable(),
  displayOrder: z.number().int(),
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
