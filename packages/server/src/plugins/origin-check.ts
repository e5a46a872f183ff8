import { DomainError, ErrorCode } from '@rotaboard/core/errors/domain-error';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing API requests whose `Origin` is another site (cross-site request forgery).
 * Allowed: PUBLIC_URL's origin and the origin the request itself was addressed to (so `npm run dev`,
 * where Vite proxies from its own port, works). Requests without Origin (curl, server-to-server)
 * carry no browser cookie by accident and pass.
 */
export default fp(
  async (app: FastifyInstance, opts: { publicUrl: string }) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
      const origin = request.headers.origin;
      if (origin === undefined) return;
      const own = `${request.protocol}://${request.host}`;
      if (origin === publicOrigin || origin === own) return;
      throw new DomainError(ErrorCode.FOREIGN_ORIGIN, 'Requests from another website are not allowed');
    });
  },
  { name: 'origin-check' },
);
