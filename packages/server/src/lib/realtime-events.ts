import type { ScheduleChangeKind, ScheduleUpdatedEvent } from '@rotaboard/core/realtime/events';
import { supportActorName } from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import { currentSupportActor } from './support-actor.ts';

/** Who others are told made a change: in support mode, the agent as the user (as in the history). */
function actorName(user: { id: string; firstName: string; lastName: string; email: string }): string {
  const support = currentSupportActor();
  return support && support.userId === user.id
    ? supportActorName(support.agentName, support.userName)
    : displayName(user);
}

/** Where services announce committed changes; the live hub (realtime-hub.plugin.ts) implements it. */
export type ScheduleEvents = { scheduleUpdated(event: Omit<ScheduleUpdatedEvent, 'at'>): void };

/** Announces a committed change to the team's group: call only after the transaction resolved. */
export function announce(
  events: ScheduleEvents | undefined,
  change: {
    teamId: string;
    kind: ScheduleChangeKind;
    user: { id: string; firstName: string; lastName: string; email: string };
    dates?: readonly (string | null | undefined)[];
    ids?: readonly string[];
  },
): void {
  if (!events) return;
  const dates = (change.dates ?? []).filter((d): d is string => Boolean(d)).sort();
  events.scheduleUpdated({
    teamId: change.teamId,
    kind: change.kind,
    startDate: dates[0] ?? null,
    endDate: dates.at(-1) ?? null,
    ids: [...(change.ids ?? [])],
    changedBy: { userId: change.user.id, name: actorName(change.user) },
  });
}
