import { Uuid } from '@rotaboard/core/contracts/common';
import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import {
  HubEvents,
  type PresenceEvent,
  resyncEvent,
  type ScheduleUpdatedEvent,
  type SupportTicketUpdatedEvent,
} from '@rotaboard/core/realtime/events';
import { eventForStaff } from '@rotaboard/core/realtime/visibility';
import { isActiveOn } from '@rotaboard/core/staff/staff-rules';
import { SUPPORT_MODE_EXPIRED_MESSAGE } from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RemoteSocket, Server, Socket } from 'socket.io';
import { teamToday } from '../../lib/calendar.ts';
import { gatheredRuns } from '../../lib/gathered-runs.ts';
import { actingUser } from '../auth/request-identity.ts';
import { createTeamRepository } from '../team-access/team.repository.ts';
import { loadTeamAccess, type TeamAccess } from '../team-access/team-access.ts';

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

/**
 * Per team group joined: whether the member administers it, their last day (null: not leaving) and
 * the team's time zone, in which that day ends.
 */
type Membership = { isAdmin: boolean; leavingDate: string | null; timeZone: string };
/** Plain data, so it travels between instances with the Redis adapter (fetchSockets). */
type SocketData = {
  userId: string;
  name: string;
  teams: Record<string, Membership>;
  /** Opened in support mode: the agent's support session (the socket is the user's). */
  supportSessionId?: string;
};
const teamRoom = (teamId: string) => `team:${teamId}`;
const adminRoom = (teamId: string) => `team:${teamId}:admins`;
const userRoom = (userId: string) => `user:${userId}`;
/** Every support agent's connections: new tickets and messages reach them live. */
const AGENTS_ROOM = 'support:agents';
const supportSessionRoom = (id: string) => `support-session:${id}`;
/** A team group's room name, back to the team (admins' rooms and others do not match). */
const TEAM_ROOM = /^team:([0-9a-f-]{36})$/;
/** Sent between instances: "your link may be fine, but mine was not: tell your screens to refetch". */
const RESYNC_REQUEST = 'rotaboard:resync';
/** Sent between instances: teams' viewers lists, for each to show its own screens (showPresence). */
const PRESENCE_LISTS = 'rotaboard:presence';
/** How often each instance looks for connections whose member's leaving date has passed. */
const LEAVER_SWEEP_MS = 60_000;
/** How long a round of viewers' lists waits for more joins and leaves to share it (broadcastPresence). */
const PRESENCE_WAIT_MS = 500;

/**
 * The live hub on the Socket.IO server at /scheduleHub (plugins/socket-io.ts; spec 2 §4): connections
 * are authenticated by the same session and support-mode resolution as HTTP requests; rooms are team
 * groups that only members may join, with administrators also in an admins' room; a member who loses
 * access (removed, unlinked, team deleted, past their leaving date) is taken out at once, and a
 * connection is never dropped because the database could not answer. With REDIS_URL the Redis adapter
 * carries events and those checks between server instances.
 */
export default fp(
  async (app: FastifyInstance) => {
    const io = app.io;
    const teams = createTeamRepository(app.db);

    io.use(async (socket, next) => {
      try {
        const now = new Date();
        // The same resolution as an HTTP request's, from the same cookie parser: sockets follow the
        // session, and in support mode the connection is the user's, not the agent's.
        const identity = await app.sessions.resolve(
          app.parseCookie(socket.handshake.headers.cookie ?? ''),
          now,
        );
        const { support } = identity;
        const user = actingUser(identity);
        if (!user) return next(new Error('Please log in to continue'));
        if (support.state === 'over') return next(new Error(SUPPORT_MODE_EXPIRED_MESSAGE));
        socket.data = {
          userId: user.id,
          name: displayName(user),
          teams: {},
          ...(support.state === 'live' ? { supportSessionId: support.supportSession.id } : {}),
        } satisfies SocketData;
        if (support.state === 'live') {
          // The hour ends for the connection too, to the second.
          const timer = setTimeout(
            () => socket.disconnect(true),
            support.supportSession.expiresAt.getTime() - now.getTime(),
          );
          timer.unref();
          socket.on('disconnect', () => clearTimeout(timer));
        } else if (app.supportMode.service.isAgent(user)) {
          void socket.join(AGENTS_ROOM);
        }
        next();
      } catch (err) {
        app.log.error({ err }, 'realtime authentication failed');
        next(new Error('Unable to check your session'));
      }
    });

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

    type AnySocket = Socket | RemoteSocket<Record<string, (...args: unknown[]) => void>, SocketData>;

    /** Puts a socket in the team's rooms as its access says: everyone's, and the admins' for admins. */
    async function admit(socket: AnySocket, access: TeamAccess) {
      const teamId = access.team.id;
      const data = socket.data as SocketData;
      data.teams[teamId] = {
        isAdmin: access.isAdmin,
        leavingDate: access.leavingDate,
        timeZone: access.team.timeZone,
      };
      await socket.join(teamRoom(teamId));
      if (access.isAdmin) await socket.join(adminRoom(teamId));
      else await socket.leave(adminRoom(teamId));
    }

    /** Takes a socket out of a team's rooms and tells it why. */
    async function evict(socket: AnySocket, teamId: string) {
      const data = socket.data as SocketData;
      delete data.teams[teamId];
      await socket.leave(teamRoom(teamId));
      await socket.leave(adminRoom(teamId));
      socket.emit(HubEvents.error, { message: 'You no longer have access to this team', teamId });
      socket.emit(HubEvents.left, teamId);
    }

    /**
     * The member's access now: null only when it is really gone (the team, the membership or the link
     * no longer exists, or the leaving date has passed: loadTeamAccess's 404). Any other failure, such
     * as the database not answering, is logged and answered `undefined`: nothing is known, so nothing
     * changes — a member is not dropped from their team, nor let in, because of a network blip.
     */
    async function accessOf(teamId: string, userId: string): Promise<TeamAccess | null | undefined> {
      try {
        return await loadTeamAccess(teams, teamId, userId, app.config.proEmails);
      } catch (err) {
        if (err instanceof DomainError && err.code === ErrorCode.NOT_FOUND) return null;
        app.log.error(
          { err, teamId, userId },
          'realtime: could not check a member’s access to a team group; nothing changed',
        );
        return undefined;
      }
    }

    /** Re-checks every connection in the team's group against the database, across instances. */
    async function revalidate(teamId: string) {
      const sockets = await io.in(teamRoom(teamId)).fetchSockets();
      let evicted = 0;
      for (const socket of sockets) {
        const access = await accessOf(teamId, socket.data.userId);
        if (access === undefined) continue;
        if (access) await admit(socket, access);
        else {
          await evict(socket, teamId);
          evicted += 1;
        }
      }
      if (evicted > 0) await broadcastPresence(teamId);
    }

    /**
     * Takes this instance's connections out of teams their member has left: the leaving date has
     * passed in the team's time zone.
     */
    async function sweepLeavers(now = Date.now()) {
      for (const socket of io.of('/').sockets.values()) {
        const data = socket.data as SocketData;
        for (const [teamId, membership] of Object.entries(data.teams ?? {})) {
          if (!membership.leavingDate) continue;
          if (isActiveOn(membership.leavingDate, teamToday(membership, now))) continue;
          await evict(socket, teamId);
          await broadcastPresence(teamId);
        }
      }
    }
    const sweep = setInterval(() => {
      sweepLeavers().catch((err) => app.log.warn({ err }, 'realtime: leaver sweep failed'));
    }, LEAVER_SWEEP_MS);
    sweep.unref();

    /** Delivers one announcement: membership first, then the event to whom it may concern. */
    async function deliver(event: ScheduleUpdatedEvent) {
      if (event.kind === 'staff' || event.kind === 'team') await revalidate(event.teamId);
      const lock = event.endDate ? await teams.findScheduleLock(event.teamId) : null;
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
      closing = true;
      clearInterval(sweep);
      await Promise.all([...queues.values()]);
    });
  },
  { name: 'realtime', dependencies: ['database', 'socket-io', 'session'] },
);
