import { z } from 'zod';
import { RESYNC_KIND, SCHEDULE_CHANGE_KINDS } from './hub.ts';

/**
 * The hub's payloads as zod schemas: the server's tests parse every event they receive with these.
 * The names, the types and the browser's readers (no zod) are in hub.ts.
 */
export {
  HUB_PATH,
  HubEvents,
  type HubScheduleEvent,
  type PresenceEvent,
  RESYNC_KIND,
  resyncEvent,
  type ScheduleChangeKind,
  type ScheduleResyncEvent,
  type ScheduleUpdatedEvent,
  type SupportTicketUpdatedEvent,
} from './hub.ts';

export const ScheduleChangeKindSchema = z.enum(SCHEDULE_CHANGE_KINDS);

export const ScheduleUpdatedEventSchema = z.object({
  teamId: z.uuid(),
  kind: ScheduleChangeKindSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  ids: z.array(z.uuid()),
  changedBy: z.object({ userId: z.uuid(), name: z.string() }),
  at: z.iso.datetime(),
});

/** `ScheduleUpdated` with kind `all` (hub.ts): refetch everything of the team; nothing else named. */
export const ScheduleResyncEventSchema = z.object({
  teamId: z.uuid(),
  kind: z.literal(RESYNC_KIND),
  startDate: z.null(),
  endDate: z.null(),
  ids: z.null(),
  changedBy: z.null(),
  at: z.iso.datetime(),
});

/** Anything a client may receive as `ScheduleUpdated`. */
export const HubScheduleEventSchema = z.union([ScheduleUpdatedEventSchema, ScheduleResyncEventSchema]);

export const PresenceEventSchema = z.object({
  teamId: z.uuid(),
  viewers: z.array(z.object({ userId: z.uuid(), name: z.string() })),
});

export const SupportTicketUpdatedEventSchema = z.object({ ticketId: z.uuid() });
