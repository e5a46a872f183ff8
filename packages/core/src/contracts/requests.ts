import { z } from 'zod';
import {
  MAX_ADMIN_COMMENTS,
  MAX_REQUEST_DETAILS,
  REQUEST_STATUSES,
  REQUESTS_PAGE_SIZE,
  requestProblem,
} from '../requests/requests.ts';
import { IsoDate, PageQuery, plainText } from './common.ts';
import { BreakMinutes, TimeOfDay } from './shifts.ts';

const nullableNumber = z
  .number({ error: 'Must be a number' })
  .nullish()
  .transform((v) => v ?? null);

/**
 * POST /api/teams/{id}/requests (spec 2 §3 Request payload). Every §5 rule but "not in the past",
 * which needs today's date and is checked by the service with the same core rule.
 */
export const TimeOffOrOtherInput = z
  .object({
    requestType: z.enum(['time_off', 'other'], { error: 'Request type must be time_off or other' }),
    description: plainText(
      z
        .string({ error: 'Details must be text' })
        .max(MAX_REQUEST_DETAILS * 2, `Details can be at most ${MAX_REQUEST_DETAILS} characters`),
      'Details',
      true,
    )
      .nullish()
      .transform((v) => v ?? ''),
    startDate: IsoDate.nullish().transform((v) => v ?? null),
    endDate: IsoDate.nullish().transform((v) => v ?? null),
    startTime: TimeOfDay.nullish().transform((v) => v ?? null),
    endTime: TimeOfDay.nullish().transform((v) => v ?? null),
    timeOffDays: nullableNumber,
    timeOffHours: nullableNumber,
    breakMinutes: BreakMinutes,
  })
  .superRefine((request, ctx) => {
    const problem = requestProblem(request, '0001-01-01');
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  });

/** A swap (issue 27): my shift for a colleague's; the colleague is the target shift's person. */
export const SwapInput = z.object({
  requestType: z.literal('swap'),
  shiftId: z.uuid('Shift not found'),
  targetShiftId: z.uuid('Pick a colleague’s shift to swap with'),
});

/** A give-away (issue 27): to a named colleague, or with `targetStaffId: null` to anyone. */
export const GiveAwayInput = z.object({
  requestType: z.literal('give_away'),
  shiftId: z.uuid('Shift not found'),
  targetStaffId: z.uuid('Pick a colleague, or Anyone').nullable(),
});

/** POST /api/teams/{id}/requests: time off or other (as before), a swap or a give-away. */
export const RequestInput = z.discriminatedUnion(
  'requestType',
  [TimeOffOrOtherInput, SwapInput, GiveAwayInput],
  {
    error: 'Request type must be time_off, other, swap or give_away',
  },
);
export type RequestInput = z.input<typeof RequestInput>;
export type ParsedRequestInput = z.output<typeof RequestInput>;
export type ParsedTimeOffOrOtherInput = z.output<typeof TimeOffOrOtherInput>;
export type SwapInput = z.input<typeof SwapInput>;
export type GiveAwayInput = z.input<typeof GiveAwayInput>;

/** PUT …/requests/{requestId}/respond: the named colleague accepts or declines. */
export const RespondInput = z.object({ accept: z.boolean({ error: 'Accept must be true or false' }) });

export const RequestStatusSchema = z.enum(REQUEST_STATUSES as [string, ...string[]]);

export const RequestDto = z.object({
  requestId: z.uuid(),
  teamId: z.uuid(),
  staffId: z.uuid(),
  /** The requester as the team knows them. */
  staffName: z.string(),
  requestType: z.enum(['time_off', 'other', 'swap', 'give_away']),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  timeOffDays: z.number().nullable(),
  timeOffHours: z.number().nullable(),
  breakMinutes: z.number(),
  status: RequestStatusSchema,
  adminComments: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the viewer may decide it: administrators, but only the owner decides their own. */
  canReview: z.boolean(),
  /** Whether the viewer may cancel it (the requester, while pending or awaiting the colleague). */
  canCancel: z.boolean(),
  /** Swap and give-away: the requester's shift in words, null once it no longer exists. */
  shiftId: z.uuid().nullable(),
  shiftDescription: z.string().nullable(),
  /** Swap: the colleague's shift in words, null once it no longer exists. */
  targetShiftId: z.uuid().nullable(),
  targetShiftDescription: z.string().nullable(),
  /** The colleague named (swap, or a give-away to someone); null for time off or a give-away to anyone. */
  targetStaffId: z.uuid().nullable(),
  targetStaffName: z.string().nullable(),
  /** Whether the viewer is the colleague asked and may accept or decline now. */
  canRespond: z.boolean(),
});
export type RequestDto = z.infer<typeof RequestDto>;

export const RequestListQuery = PageQuery.extend({
  limit: PageQuery.shape.limit.default(REQUESTS_PAGE_SIZE),
  status: RequestStatusSchema.optional(),
});

export const RequestListResponse = z.object({ requests: z.array(RequestDto), totalCount: z.number().int() });
export type RequestListResponse = z.infer<typeof RequestListResponse>;

export const RequestParams = z.object({
  id: z.uuid('Team not found'),
  requestId: z.uuid('Request not found'),
});

export const ReviewInput = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  adminComments: plainText(
    z
      .string({ error: 'Comments must be text' })
      .trim()
      .max(MAX_ADMIN_COMMENTS, `Comments can be at most ${MAX_ADMIN_COMMENTS} characters`),
    'Comments',
    true,
  )
    .nullish()
    .transform((v) => v || null),
  /** Approve even though the time off clashes with shifts, deleting those shifts. */
  removeClashingShifts: z.boolean().default(false),
});
export type ReviewInput = z.input<typeof ReviewInput>;

/** The 409 body when approval would clash: each shift it would replace. */
export const ClashingShift = z.object({
  shiftId: z.uuid(),
  shiftDate: z.string(),
  description: z.string(),
});

export const NotificationDto = z.object({
  type: z.string(),
  teamId: z.uuid().nullable(),
  teamName: z.string().nullable(),
  pendingCount: z.number().int(),
});
export const NotificationsResponse = z.object({
  notifications: z.array(NotificationDto),
  totalCount: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
