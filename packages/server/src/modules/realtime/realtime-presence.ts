import { HubEvents, type PresenceEvent } from '@rotaboard/core/realtime/events';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { gatheredRuns } from '../../lib/gathered-runs.ts';
import { TEAM_ROOM, teamRoom } from './realtime-rooms.ts';

/** Sent between instances: teams' viewers lists, for each to show its own screens (showPresence). */
const PRESENCE_LISTS = 'rotaboard:presence';
/** How long a round of viewers' lists waits for more joins and leaves to share it (broadcastPresence). */
const PRESENCE_WAIT_MS = 500;

/**
 * Presence: who is viewing each team group, sent to its screens in rounds. Apart from the plugin since it
 * keeps its own state (the list each group was last shown, the screens that joined since) and, with
 * Redis, its own message between instances. Call once, where the plugin registers its listeners.
 */
export function createPresence(app: FastifyInstance) {
  const io = app.io;
  /**
   * Everyone in a team group right now, across instances, made PRESENCE_WAIT_MS after the join, leave
   * or disconnect that asked, for every team asked for meanwhile at once (gatheredRuns): one round of
   * Redis requests to every instance for all of them, not one per team. When thousands of screens
   * reconnect at once (a process gone) that is a round every half second, not one per team per half
   * second (bench:scale's SIGKILL of 5,000 screens made about 3,000).
   *
   * The lists go to this instance's screens (showPresence) and, in one server-side message, to every
   * other instance, which shows them to its own: each instance alone writes to its screens, so it
   * knows the list they last got and sends a list that says nothing new only to the screens that
   * joined since. After a process is gone its screens come back to lists that still name them (nobody
   * saw them leave), so the storm's lists go to the returning screens, not again to every screen.
   */
  const broadcastPresence = gatheredRuns(sendPresence, { waitMs: PRESENCE_WAIT_MS });
  let closing = false;
  /** Instances are linked (REDIS_URL): lists reach the others' screens by a server-side message. */
  const linked = Boolean(app.config.redisUrl);
  async function sendPresence(teamIds: string[]) {
    // Lists that waited past the start of a shutdown have nobody to reach (Redis is closing).
    if (closing) return;
    const sockets = await io.in(teamIds.map(teamRoom)).fetchSockets();
    const viewersOf = new Map(teamIds.map((teamId) => [teamId, new Map<string, string>()]));
    for (const s of sockets) {
      for (const room of s.rooms) {
        const teamId = TEAM_ROOM.exec(room)?.[1];
        if (teamId) viewersOf.get(teamId)?.set(s.data.userId, s.data.name);
      }
    }
    const events: PresenceEvent[] = [...viewersOf].map(([teamId, viewers]) => ({
      teamId,
      viewers: [...viewers].map(([userId, name]) => ({ userId, name })),
    }));
    for (const event of events) showPresence(event);
    if (linked) io.serverSideEmit(PRESENCE_LISTS, events);
  }

  /**
   * Per team group with screens on this instance: the list they were all last sent (as JSON), and the
   * screens that joined since (they have none yet). Forgotten when the group has no screens here.
   */
  const presenceShown = new Map<string, { list: string | null; newcomers: Set<Socket> }>();
  function presenceOf(teamId: string) {
    let shown = presenceShown.get(teamId);
    if (!shown) {
      shown = { list: null, newcomers: new Set() };
      presenceShown.set(teamId, shown);
    }
    return shown;
  }

  /** Gives this instance's screens of the team a list: all of them if it is new, else the newcomers. */
  function showPresence(event: PresenceEvent) {
    const room = teamRoom(event.teamId);
    const here = io.of('/').adapter.rooms.get(room);
    if (!here?.size) {
      presenceShown.delete(event.teamId);
      return;
    }
    const shown = presenceOf(event.teamId);
    const list = JSON.stringify(event.viewers);
    if (shown.list !== list) {
      shown.list = list;
      shown.newcomers.clear();
      io.local.to(room).emit(HubEvents.presence, event);
      return;
    }
    for (const socket of shown.newcomers) {
      if (here.has(socket.id)) socket.emit(HubEvents.presence, event);
    }
    shown.newcomers.clear();
  }
  if (linked) {
    io.on(PRESENCE_LISTS, (events: PresenceEvent[]) => {
      for (const event of events) showPresence(event);
    });
  }

  /**
   * Presence sent from an event handler has nobody to answer to: a failure (with Redis, another
   * instance not answering `fetchSockets`, or Redis closing at shutdown) is logged, never left as an
   * unhandled rejection. The viewers' list is sent again at the next join, leave or disconnect.
   */
  const presenceFailed = (teamId: string) => (err: unknown) =>
    app.log.warn({ err, teamId }, 'realtime: the team group’s viewers could not be sent');

  return {
    broadcastPresence,
    presenceOf,
    presenceShown,
    presenceFailed,
    /** A shutdown has started: lists that waited past it are not sent. */
    close() {
      closing = true;
    },
  };
}
