import { z } from 'zod';
import { IsoDate, plainText } from './common.ts';
import { MAX_DAY_NOTE_LENGTH } from './shifts.ts';

/**
 * The schedule assistant (issue 26): a message in plain English answered with a reply and, when it asks
 * for changes, a proposal (contracts/proposals.ts) the administrator accepts one change at a time. The
 * model's tools (`get_week`, `find_staff`, `propose_changes`) are part of the contract: docs/assistant.md.
 */

/** A message is at most this long (a paragraph of instructions; the model's context stays small). */
export const MAX_ASSISTANT_MESSAGE_LENGTH = 1_000;
/** One message proposes at most this many changes (the model is refused beyond it). */
export const MAX_ASSISTANT_CHANGES = 50;
/** The model may call its tools at most this many times while answering one message. */
export const MAX_ASSISTANT_TOOL_CALLS = 8;
/** Messages a Pro team may send in a calendar month (UTC). */
export const ASSISTANT_MONTHLY_MESSAGES = 300;
/** A staff name the model looks up is at most this long. */
export const MAX_ASSISTANT_NAME_LENGTH = 100;

export const AssistantParams = z.object({ teamId: z.uuid('Team not found') });

/** POST /api/assistant/{teamId} */
export const AssistantMessageInput = z.object({
  message: plainText(
    z
      .string({ error: 'Write a message' })
      .trim()
      .min(1, 'Write a message')
      .max(
        MAX_ASSISTANT_MESSAGE_LENGTH,
        `A message can be at most ${MAX_ASSISTANT_MESSAGE_LENGTH} characters`,
      ),
    'A message',
    true,
  ),
  /** The first day of the week on screen: what "Monday" and "this week" mean. */
  weekStartDate: IsoDate,
  /** Continue this conversation; a new one starts without it. */
  conversationId: z.uuid('Conversation not found').optional(),
});
export type AssistantMessageInput = z.output<typeof AssistantMessageInput>;

export const ASSISTANT_ENGINES = ['model', 'built-in'] as const;
export const AssistantEngine = z.enum(ASSISTANT_ENGINES);
export type AssistantEngine = z.infer<typeof AssistantEngine>;

/** 200 of POST /api/assistant/{teamId}: the reply, and the proposal when it proposes changes. */
export const AssistantReply = z.object({
  conversationId: z.string(),
  reply: z.string(),
  engine: AssistantEngine,
  proposalId: z.string().nullable(),
});
export type AssistantReply = z.infer<typeof AssistantReply>;

/** GET /api/assistant/{teamId}/usage: messages sent this month, the allowance, when it starts again. */
export const AssistantUsage = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  /** ISO timestamp: the first moment of next month (UTC). */
  resetsAt: z.string(),
});
export type AssistantUsage = z.infer<typeof AssistantUsage>;

// ---- The model's tools (docs/assistant.md). Their arguments are validated with these schemas. ----

/** A date as YYYY-MM-DD inside the calendar Rotaboard works in (input/bounds), as every date input is. */
const ToolDate = IsoDate;
/** `HH:MM` or `HH:MM:SS`, 00:00 to 23:59. */
const ToolTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time as HH:MM');
const ToolId = z.string().min(1).max(64);
const ToolBreak = z.number().int('must be whole minutes').min(0).max(720);

/** get_week {startDate}: the week's staff, shifts and day notes. */
export const GetWeekArgs = z.strictObject({ startDate: ToolDate });
/** get_labour_cost {startDate}: what the team week containing the date costs (issue 43). */
export const GetLabourCostArgs = z.strictObject({ startDate: ToolDate });
/** find_staff {name}: the members of staff whose name matches. */
export const FindStaffArgs = z.strictObject({
  name: z.string().trim().min(1).max(MAX_ASSISTANT_NAME_LENGTH),
});

/** One item of propose_changes: a proposal's change without changeId, reason and state. */
export const AssistantChangeItem = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('create'),
    shift: z.strictObject({
      staffId: ToolId,
      shiftDate: ToolDate,
      startTime: ToolTime.nullable(),
      endTime: ToolTime.nullable(),
      breakMinutes: ToolBreak.default(0),
      isTimeOff: z.boolean().default(false),
    }),
  }),
  z.strictObject({
    kind: z.literal('update'),
    shiftId: ToolId,
    shift: z
      .strictObject({
        staffId: ToolId.optional(),
        shiftDate: ToolDate.optional(),
        startTime: ToolTime.nullable().optional(),
        endTime: ToolTime.nullable().optional(),
        breakMinutes: ToolBreak.optional(),
        isTimeOff: z.boolean().optional(),
      })
      .refine((fields) => Object.keys(fields).length > 0, 'an update must change at least one field'),
  }),
  z.strictObject({ kind: z.literal('remove'), shiftId: ToolId }),
  z.strictObject({
    kind: z.literal('day-note'),
    date: ToolDate,
    text: plainText(z.string().trim().min(1).max(MAX_DAY_NOTE_LENGTH), 'text', true),
  }),
]);
export type AssistantChangeItem = z.output<typeof AssistantChangeItem>;

/** propose_changes {changes}: at most MAX_ASSISTANT_CHANGES. */
export const ProposeChangesArgs = z.strictObject({
  changes: z
    .array(AssistantChangeItem)
    .min(1, 'propose at least one change')
    .max(MAX_ASSISTANT_CHANGES, `at most ${MAX_ASSISTANT_CHANGES} changes per message`),
});
export type ProposeChangesArgs = z.output<typeof ProposeChangesArgs>;
