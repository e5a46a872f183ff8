import { SUPPORT_MODE_EXPIRED_MESSAGE } from '@rotaboard/core/support/support-mode';
import { displayName } from '@rotaboard/core/users/profile';
import type { FastifyInstance } from 'fastify';
import { actingUser } from '../auth/request-identity.ts';
import { AGENTS_ROOM, type SocketData } from './realtime-rooms.ts';

/**
 * The hub's handshake: a connection is authenticated by the same session and support-mode resolution
 * as an HTTP request, and carries who it is (SocketData) from then on. Apart from the plugin because it
 * is the hub's one door, checked on its own.
 */
export function authenticateSockets(app: FastifyInstance): void {
  const io = app.io;
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
}
