import { z } from 'zod';
import { plainText, SubscriptionTier } from './common.ts';

/** Support tickets (spec 2 §3 Support ticket and Ticket message, §5 ticket validation, issue 14). */
export const MAX_TICKET_TITLE = 100;
export const MAX_TICKET_MESSAGE = 10_000;
export const TICKET_TYPES = ['Help', 'Bug', 'Feedback'] as const;
export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

const message = plainText(
  z
    .string({ error: FILL_IN_ALL_FIELDS })
    .trim()
    .min(1, FILL_IN_ALL_FIELDS)
    .max(MAX_TICKET_MESSAGE, `A message can be at most ${MAX_TICKET_MESSAGE} characters`),
  'The message',
  true,
);

export const NewTicketInput = z.object({
  title: plainText(
    z
      .string({ error: FILL_IN_ALL_FIELDS })
      .trim()
      .min(1, FILL_IN_ALL_FIELDS)
      .max(MAX_TICKET_TITLE, `The title can be at most ${MAX_TICKET_TITLE} characters`),
    'The title',
  ),
  type: z.enum(TICKET_TYPES, { error: 'Type must be Help, Bug or Feedback' }).default('Help'),
  message,
});
export type NewTicketInput = z.input<typeof NewTicketInput>;

export const TicketMessageInput = z.object({ message });
export const TicketStatusInput = z.object({
  status: z.enum(['open', 'closed'], { error: 'Status must be open or closed' }),
});
export const TicketParams = z.object({ id: z.uuid('Ticket not found') });

export const TicketMessageDto = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'support']),
  content: z.string(),
  timestamp: z.string(),
  /** The agent's first name on support replies (the user sees who answered). */
  authorName: z.string().nullable(),
});

export const TicketSummaryDto = z.object({
  id: z.uuid(),
  title: z.string(),
  type: z.enum(TICKET_TYPES),
  status: z.enum(['open', 'closed']),
  /** A reply the viewer's side has not opened yet. */
  unread: z.boolean(),
  lastUpdated: z.string(),
  /** For agents: whose ticket it is; and whether that account is on Pro (priority support). */
  userId: z.uuid().optional(),
  priority: z.boolean().optional(),
});
export type TicketSummaryDto = z.infer<typeof TicketSummaryDto>;

/** A time an agent was logged in as the ticket's user (issue 14); `endedAt` null while it lasts. */
export const SupportVisitDto = z.object({
  id: z.uuid(),
  agentName: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type SupportVisitDto = z.infer<typeof SupportVisitDto>;

export const TicketDto = TicketSummaryDto.extend({
  messages: z.array(TicketMessageDto),
  supportVisits: z.array(SupportVisitDto),
  isSupportUser: z.boolean(),
  userDetails: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      subscriptionTier: SubscriptionTier,
      stripeCustomerId: z.string().nullable(),
      userCreatedAt: z.string(),
      lastLogin: z.string().nullable(),
    })
    .optional(),
});
export type TicketDto = z.infer<typeof TicketDto>;
