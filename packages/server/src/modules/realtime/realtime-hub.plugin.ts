import { Uuid } from '@rotaboard/core/contracts/common';
import {
  HubEvents,
  resyncEvent,
  type ScheduleUpdatedEvent,
  type SupportTicketUpdatedEvent,
} from '@rotaboard/core/realtime/events';
import { eventForStaff } from '@rotaboard/core/realtime/visibility';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Server, Socket } from 'socket.io';
import { scheduleLockOf } from '../team-access/team-access.ts';
import { authenticateSockets } from './realtime-handshake.ts';
import { createMembership } from './realtime-membership.ts';
import { createPresence } from './realtime-presence.ts';
import {
  AGENTS_ROOM,
  adminRoom,
  type SocketData,
  supportSessionRoom,
  TEAM_ROOM,
  teamRoom,
  userRoom,
} from './realtime-rooms.ts';

export type Realtime = {
  /**
   * Tells the team's group what changed; call after the change has committed. A staff or team change
   * first re-checks who is still a member; staff hear nothing of dates a hiding lock keeps from them.
   */
  scheduleUpdated(event: Omit<ScheduleUpdatedEvent, 'at'>): void;
  /** Ends every live connection of a user (logout, logout of all devices). */
  disconnectUser(userId: string): Promise<void>;
  /** Tells a ticket's user and every agent that it changed (a message, its status, a support visit). */
  supportTicketUpdated(ticketId: string, userId: string): void;
  /** Ends the live connections opened in a support session (support mode left). */
  disconnectSupportSession(supportSessionId: string): Promise<void>;
  /** Resolves once every announcement made so far has been delivered (tests, shutdown). */
  settled(): Promise<void>;
  /**
   * Takes this instance's connections out of teams their member has left at the instant `now`
   * (default: the clock's), after the leaving date in the team's time zone; runs every minute.
   * Leaving dates and zones are as of the member's join or the team's last staff or team change,
   * which re-checks everyone.
   */
  sweepLeavers(now?: number): Promise<void>;
  io: Server;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Sent between instances: "your link may be fine, but mine was not: tell your screens to refetch". */
const RESYNC_REQUEST = 'rotaboard:resync';
/** How often each instance looks for connections whose member's leaving date has passed. */
const LEAVER_SWEEP_MS = 60_000;

/**
 * The live hub on the Socket.IO server at /scheduleHub (plugins/socket-io.ts; spec 2 §4): connections
 * are authenticated by the same session and support-mode resolution as HTTP requests; rooms are team
 * groups that only members may join, with administrators also in an admins' room; a member who loses
 * access (removed, unlinked, team deleted, past their leaving date) is taken out at once, and a
 * connection is never dropped because the database could not answer. With REDIS_URL the Redis adapter
 * carries events and those checks between server instances.
 *
 * The plugin delivers announcements and wires the hub's parts beside it: the handshake
 * (realtime-handshake.ts), team membership (realtime-membership.ts), presence (realtime-presence.ts)
 * and the rooms they share (realtime-rooms.ts).
 */
export default fp(
  async (app: FastifyInstance) => {
    const io = app.io;

    authenticateSockets(app);

    const presence = createPresence(app);
    const { broadcastPresence, presenceOf, presenceShown, presenceFailed } = presence;

    const { admit, revalidate, accessOf, sweepLeavers } = createMembership(app, broadcastPresence);
    const sweep = setInterval(() => {
      sweepLeavers().catch((err) => app.log.warn({ err }, 'realtime: leaver sweep failed'));
    }, LEAVER_SWEEP_MS);
    sweep.unref();

    /** Delivers one announcement: membership first, then the event to whom it may concern. */
    async function deliver(event: ScheduleUpdatedEvent) {
      if (event.kind === 'staff' || event.kind === 'team') await revalidate(event.teamId);
      // Pay rates and the budget (issue 43) and who is clocked in (issue 44) are for owners and
      // administrators: staff are not told.
      if (event.kind === 'labour' || event.kind === 'time-clock') {
        io.to(adminRoom(event.teamId)).emit(HubEvents.scheduleUpdated, event);
        return;
      }
      const lock = event.endDate ? await scheduleLockOf(app.db, event.teamId) : null;
      const forStaff = lock ? eventForStaff(event, lock) : event;
      if (forStaff === event) {
        io.to(teamRoom(event.teamId)).emit(HubEvents.scheduleUpdated, event);
        return;
      }
      io.to(adminRoom(event.teamId)).emit(HubEvents.scheduleUpdated, event);
      if (forStaff) {
        io.to(teamRoom(event.teamId))
          .except(adminRoom(event.teamId))
          .emit(HubEvents.scheduleUpdated, forStaff);
      }
    }

    // Announcements for one team are delivered in the order they were made, even when one waits on
    // the database; teams do not wait for each other.
    const queues = new Map<string, Promise<void>>();
    function enqueue(teamId: string, work: () => Promise<void>) {
      const previous = queues.get(teamId) ?? Promise.resolve();
      const current = previous
        .then(work)
        .catch((err) => app.log.error({ err }, 'realtime: an announcement could not be delivered'));
      queues.set(teamId, current);
      void current.then(() => {
        if (queues.get(teamId) === current) queues.delete(teamId);
      });
    }

    /**
     * Tells every team group this instance has screens in to refetch what it shows (kind `all`), in
     * order after the team's announcements under way. Sent to this instance's own clients only: each
     * instance does the same for its own.
     */
    function resyncLocalScreens() {
      const at = new Date().toISOString();
      let groups = 0;
      for (const room of io.of('/').adapter.rooms.keys()) {
        const teamId = TEAM_ROOM.exec(room)?.[1];
        if (!teamId) continue;
        groups += 1;
        enqueue(teamId, async () => {
          io.local.to(teamRoom(teamId)).emit(HubEvents.scheduleUpdated, resyncEvent(teamId, at));
        });
      }
      app.log.info({ groups }, 'realtime: told this instance’s team groups to refetch');
    }
    // When this instance's link to Redis comes back, announcements made meanwhile may have missed its
    // screens (it was not listening) and other instances' screens (what it sent was lost): it resyncs
    // its own and asks every other instance to resync theirs.
    app.hubLink.onRestored(() => {
      resyncLocalScreens();
      io.serverSideEmit(RESYNC_REQUEST);
    });
    io.on(RESYNC_REQUEST, () => resyncLocalScreens());

    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      void socket.join(userRoom(data.userId));
      if (data.supportSessionId) void socket.join(supportSessionRoom(data.supportSessionId));

      socket.on(HubEvents.join, async (teamId: unknown) => {
        const parsed = Uuid.safeParse(teamId);
        // null: not a member (or no such team); undefined: the database did not answer (logged).
        const access = parsed.success ? await accessOf(parsed.data, data.userId) : null;
        if (!access) {
          socket.emit(HubEvents.error, { message: 'You cannot join that team', teamId });
          return;
        }
        await admit(socket, access);
        presenceOf(access.team.id).newcomers.add(socket);
        socket.emit(HubEvents.joined, access.team.id);
        await broadcastPresence(access.team.id).catch(presenceFailed(access.team.id));
      });

      socket.on(HubEvents.leave, async (teamId: unknown) => {
        if (typeof teamId !== 'string' || !data.teams[teamId]) return;
        delete data.teams[teamId];
        presenceShown.get(teamId)?.newcomers.delete(socket);
        await socket.leave(teamRoom(teamId));
        await socket.leave(adminRoom(teamId));
        socket.emit(HubEvents.left, teamId);
        await broadcastPresence(teamId).catch(presenceFailed(teamId));
      });

      socket.on('disconnect', () => {
        for (const teamId of Object.keys(data.teams)) {
          presenceShown.get(teamId)?.newcomers.delete(socket);
          void broadcastPresence(teamId).catch(presenceFailed(teamId));
        }
      });
    });

    app.decorate('realtime', {
      io,
      scheduleUpdated(change) {
        const event: ScheduleUpdatedEvent = { ...change, at: new Date().toISOString() };
        enqueue(event.teamId, () => deliver(event));
      },
      async disconnectUser(userId) {
        io.in(userRoom(userId)).disconnectSockets(true);
      },
      supportTicketUpdated(ticketId, userId) {
        const event: SupportTicketUpdatedEvent = { ticketId };
        io.to(userRoom(userId)).to(AGENTS_ROOM).emit(HubEvents.supportTicketUpdated, event);
      },
      async disconnectSupportSession(supportSessionId) {
        io.in(supportSessionRoom(supportSessionId)).disconnectSockets(true);
      },
      async settled() {
        await Promise.all([...queues.values()]);
      },
      sweepLeavers,
    } satisfies Realtime);

    // Announcements under way read the database: they finish before it closes (onClose, after this).
    app.addHook('preClose', async () => {
      presence.close();
      clearInterval(sweep);
      await Promise.all([...queues.values()]);
    });
  },
  { name: 'realtime', dependencies: ['database', 'socket-io', 'session'] },
);
