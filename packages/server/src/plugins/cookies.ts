import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `@fastify/cookie`: `request.cookies`, `reply.setCookie` / `clearCookie`, and `app.parseCookie` for
 * headers that do not come through a route (the live hub's websocket handshake). The one cookie
 * parser: nothing reads a Cookie header by hand.
 */
export default fp(
  async (app: FastifyInstance) => {
    await app.register(cookie);
  },
  { name: 'cookies' },
);
