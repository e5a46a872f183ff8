import { z } from 'zod';

/** The hub's path and event names (spec 2 §4 and §7). */
export const HUB_PATH = '/scheduleHub';
export const HubEvents = {
  join: 'JoinTeamGroup',
  leave: 'LeaveTeamGroup',
  joined: 'JoinedTeamGroup',
  left: 'LeftTeamGroup',
  scheduleUpdated: 'ScheduleUpdated',
  error: 'Error',
  presence: 'PresenceUpdated',
} as const;

/** What changed, so clients refetch exactly the affected queries. */
export const ScheduleChangeKind = z.enum(['shifts', 'day-notes', 'lock', 'staff', 'team']);
export type ScheduleChangeKind = z.infer<typeof ScheduleChangeKind>;

/** The payload of `ScheduleUpdated`: which team, which dates (null: not date-bound), what, and who. */
export const ScheduleUpdatedEvent = z.object({
  teamId: z.uuid(),
  kind: ScheduleChangeKind,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The entries concerned, when the change is about particular shifts or notes. */
  ids: z.array(z.uuid()),
  changedBy: z.object({ userId: z.uuid(), name: z.string() }),
  at: z.iso.datetime(),
});
export type ScheduleUpdatedEvent = z.infer<typeof ScheduleUpdatedEvent>;

/** The people looking at a team's schedule right now (`PresenceUpdated`). */
export const PresenceEvent = z.object({
  teamId: z.uuid(),
  viewers: z.array(z.object({ userId: z.uuid(), name: z.string() })),
});
export type PresenceEvent = z.infer<typeof PresenceEvent>;
