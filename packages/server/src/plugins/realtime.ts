import { Uuid } from '@rotaboard/core/contracts/common';
import {
  HUB_PATH,
  HubEvents,
  type PresenceEvent,
  type ScheduleUpdatedEvent,
} from '@rotaboard/core/realtime/events';
import { displayName } from '@rotaboard/core/users/profile';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { hashToken } from '../lib/tokens.ts';
import { createSessionRepository } from '../modules/auth/session.repository.ts';
import { createTeamRepository } from '../modules/teams/team.repository.ts';
import { loadTeamAccess } from '../modules/teams/team-access.ts';
import { oldestLiveSessionStart, SESSION_COOKIE } from './session.ts';

export type Realtime = {
  /** Tells everyone in the team's group what changed; call after the change has committed. */
  scheduleUpdated(event: Omit<ScheduleUpdatedEvent, 'at'>): void;
  /** Ends every live connection of a user (logout, logout of all devices). */
  disconnectUser(userId: string): Promise<void>;
  io: Server;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type SocketData = { userId: string; name: string; teams: Set<string> };
const teamRoom = (teamId: string) => `team:${teamId}`;
const userRoom = (userId: string) => `user:${userId}`;

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Socket.IO on the same port at /scheduleHub (spec 2 §4): connections are authenticated by the
 * session cookie, rooms are team groups that only members may join, and with REDIS_URL the Redis
 * adapter carries events between server instances.
 */
export default fp(
  async (app: FastifyInstance, opts: { redisUrl: string | undefined; publicUrl: string }) => {
    const io = new Server(app.server, {
      path: HUB_PATH,
      serveClient: false,
      cors: { origin: [new URL(opts.publicUrl).origin], credentials: true },
    });
    const sessions = createSessionRepository(app.db);
    const teams = createTeamRepository(app.db);

    if (opts.redisUrl) {
      const pub = new Redis(opts.redisUrl, { lazyConnect: false });
      const sub = pub.duplicate();
      for (const client of [pub, sub])
        client.on('error', (err) => app.log.warn({ err }, 'redis (realtime) connection problem'));
      io.adapter(createAdapter(pub, sub, { key: 'rotaboard-hub' }));
      app.addHook('onClose', async () => {
        await Promise.allSettled([pub.quit(), sub.quit()]);
      });
    } else {
      app.log.info('redis: REDIS_URL not set, live updates and rate limits stay within this instance');
    }

    io.use(async (socket, next) => {
      try {
        const token = readCookie(socket.handshake.headers.cookie, SESSION_COOKIE);
        const now = new Date();
        const found = token
          ? await sessions.findLiveByTokenHash(hashToken(token), now, oldestLiveSessionStart(now))
          : null;
        if (!found) return next(new Error('Please log in to continue'));
        socket.data = {
          userId: found.user.id,
          name: displayName(found.user),
          teams: new Set(),
        } satisfies SocketData;
        next();
      } catch (err) {
        app.log.error({ err }, 'realtime authentication failed');
        next(new Error('Unable to check your session'));
      }
    });

    /** Everyone in a team group right now, across instances. */
    async function broadcastPresence(teamId: string) {
      const sockets = await io.in(teamRoom(teamId)).fetchSockets();
      const viewers = new Map<string, string>();
      for (const s of sockets) viewers.set(s.data.userId, s.data.name);
      const event: PresenceEvent = {
        teamId,
        viewers: [...viewers].map(([userId, name]) => ({ userId, name })),
      };
      io.to(teamRoom(teamId)).emit(HubEvents.presence, event);
    }

    io.on('connection', (socket: Socket) => {
      const data = socket.data as SocketData;
      void socket.join(userRoom(data.userId));

      socket.on(HubEvents.join, async (teamId: unknown) => {
        const parsed = Uuid.safeParse(teamId);
        try {
          if (!parsed.success) throw new Error('Team not found');
          await loadTeamAccess(teams, parsed.data, data.userId, app.config.proEmails);
          await socket.join(teamRoom(parsed.data));
          data.teams.add(parsed.data);
          socket.emit(HubEvents.joined, parsed.data);
          await broadcastPresence(parsed.data);
        } catch {
          socket.emit(HubEvents.error, { message: 'You cannot join that team', teamId });
        }
      });

      socket.on(HubEvents.leave, async (teamId: unknown) => {
        if (typeof teamId !== 'string' || !data.teams.has(teamId)) return;
        await socket.leave(teamRoom(teamId));
        data.teams.delete(teamId);
        socket.emit(HubEvents.left, teamId);
        await broadcastPresence(teamId);
      });

      socket.on('disconnect', () => {
        for (const teamId of data.teams) void broadcastPresence(teamId);
      });
    });

    app.decorate('realtime', {
      io,
      scheduleUpdated(event) {
        io.to(teamRoom(event.teamId)).emit(HubEvents.scheduleUpdated, {
          ...event,
          at: new Date().toISOString(),
        });
      },
      async disconnectUser(userId) {
        io.in(userRoom(userId)).disconnectSockets(true);
      },
    } satisfies Realtime);

    // Open websockets would keep the HTTP server from closing: end them before it stops listening.
    app.addHook('preClose', async () => {
      io.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['database'] },
);
