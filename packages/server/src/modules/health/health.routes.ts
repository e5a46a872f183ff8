import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded', 'stopping']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  /** Why this instance should not get traffic (503 only). */
  message: z.string().optional(),
});

export const STOPPING_MESSAGE = 'This server is shutting down; send requests to another one.';
export const DATABASE_DOWN_MESSAGE = 'The database is not answering; this server cannot serve requests.';

/**
 * Readiness, for load balancers and uptime checks: 200 when the database answers; 503 with a sentence
 * while it does not (each check asks again, so it is 200 once the database is back, no restart) and
 * from the moment the process begins to stop (SIGTERM), so balancers send new requests elsewhere.
 */
export async function healthRoutes(app: FastifyInstance) {
  // Liveness, for a supervisor deciding whether to restart the process (systemd's watchdog script, a
  // container's liveness probe): the process is up and its event loop answers. No database call, so
  // a database outage never gets every process restarted at once; readiness is /api/health's.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up (no database call)',
        response: { 200: z.object({ status: z.literal('live') }) },
      },
    },
    async () => ({ status: 'live' as const }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the server is not stopping',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const reachable = await app.database.ping();
      const database = { kind: app.database.kind, reachable };
      if (app.lifecycle.draining) {
        return reply.status(503).send({ status: 'stopping', database, message: STOPPING_MESSAGE });
      }
      if (!reachable) {
        return reply.status(503).send({ status: 'degraded', database, message: DATABASE_DOWN_MESSAGE });
      }
      return reply.status(200).send({ status: 'ok', database });
    },
  );
}
