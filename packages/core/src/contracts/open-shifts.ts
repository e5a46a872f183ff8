import { z } from 'zod';
import {
  MAX_OPEN_SHIFT_NOTES,
  MAX_OPEN_SHIFT_ROLE,
  MAX_OPEN_SHIFT_STAFF,
  OPEN_SHIFT_CLAIM_STATUSES,
  openShiftProblem,
} from '../open-shifts/open-shifts.ts';
import { IsoDate, plainText } from './common.ts';
import { BreakMinutes, TimeOfDay } from './shifts.ts';

/**
 * POST /api/teams/{id}/open-shifts (issue 27). Every rule of core open-shifts but "not in the past",
 * which needs today's date and is checked by the service with the same rule.
 */
export const OpenShiftInput = z
  .object({
    shiftDate: IsoDate,
    startTime: TimeOfDay,
    endTime: TimeOfDay,
    breakMinutes: BreakMinutes,
    role: plainText(
      z
        .string({ error: 'Role must be text' })
        .trim()
        .max(MAX_OPEN_SHIFT_ROLE, `Role can be at most ${MAX_OPEN_SHIFT_ROLE} characters`),
      'Role',
    )
      .nullish()
      .transform((v) => v || null),
    notes: plainText(
      z
        .string({ error: 'Notes must be text' })
        .trim()
        .max(MAX_OPEN_SHIFT_NOTES, `Notes can be at most ${MAX_OPEN_SHIFT_NOTES} characters`),
      'Notes',
      true,
    )
      .nullish()
      .transform((v) => v || null),
    staffCount: z
      .number({ error: 'People needed must be a number' })
      .int('People needed must be a whole number')
      .min(1, `People needed must be 1 to ${MAX_OPEN_SHIFT_STAFF}`)
      .max(MAX_OPEN_SHIFT_STAFF, `People needed must be 1 to ${MAX_OPEN_SHIFT_STAFF}`)
      .default(1),
  })
  .superRefine((shift, ctx) => {
    const problem = openShiftProblem(shift, null);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });
export type OpenShiftInput = z.input<typeof OpenShiftInput>;
export type ParsedOpenShiftInput = z.output<typeof OpenShiftInput>;

export const OpenShiftClaimStatus = z.enum(OPEN_SHIFT_CLAIM_STATUSES);

/** A claim as administrators see it. */
export const OpenShiftClaimDto = z.object({
  claimId: z.uuid(),
  staffId: z.uuid(),
  staffName: z.string(),
  status: OpenShiftClaimStatus,
});
export type OpenShiftClaimDto = z.infer<typeof OpenShiftClaimDto>;

/**
 * One open shift. Staff get `claimedByMe` (their claim is waiting); administrators get every claim.
 * Times are `HH:MM:SS`, as shifts' are.
 */
export const OpenShiftDto = z.object({
  openShiftId: z.uuid(),
  shiftDate: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.number().int(),
  role: z.string().nullable(),
  notes: z.string().nullable(),
  staffCount: z.number().int(),
  /** Claims approved so far. */
  filled: z.number().int(),
  claimedByMe: z.boolean().optional(),
  claims: z.array(OpenShiftClaimDto).optional(),
});
export type OpenShiftDto = z.infer<typeof OpenShiftDto>;

export const OpenShiftListResponse = z.object({ openShifts: z.array(OpenShiftDto) });
export type OpenShiftListResponse = z.infer<typeof OpenShiftListResponse>;

export const OpenShiftParams = z.object({
  id: z.uuid('Team not found'),
  openShiftId: z.uuid('Open shift not found'),
});

export const OpenShiftClaimParams = OpenShiftParams.extend({ claimId: z.uuid('Claim not found') });

export const ClaimResponse = z.object({ claimId: z.uuid(), status: OpenShiftClaimStatus });
export type ClaimResponse = z.infer<typeof ClaimResponse>;

export const ClaimDecisionInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
});
export type ClaimDecisionInput = z.infer<typeof ClaimDecisionInput>;
