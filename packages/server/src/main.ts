import { ConfigError, loadConfig } from './config.ts';
import { startPglite } from './db/pglite-start.ts';

/** The longest a stop may take (docs/scaling.md); a clean one takes a fraction of it. */
const SHUTDOWN_LIMIT_MS = 4500;
/**
 * After SIGTERM, how long the process goes on answering before it stops listening and closes the
 * connections it holds. A balancer keeps idle keep-alive connections to it and may send a request on
 * one at any moment: closing them at once cut such requests off (a GET is retried elsewhere, a POST
 * gets a 502; bench:scale's sigterm scenario saw 17–23 a run). Meanwhile every answer closes its
 * connection (lifecycle.ts), so the busy ones end cleanly and only those idle all along remain.
 */
const DRAIN_GRACE_MS = 1000;
/**
 * Connections the kernel may hold for this process before it accepts them (Node's default is 511).
 * When another process dies, its screens reconnect here at once and each refetches its week: with
 * 511, a burst of a thousand overflowed the queue while the event loop was busy, connections timed
 * out, and the balancer took this, the last live process, out too (bench:scale sigkill, 2,000 screens).
 * Linux caps it at net.core.somaxconn (4096 on current kernels).
 */
const LISTEN_BACKLOG = 4096;

/** Starts one server; stops gracefully on SIGTERM/SIGINT (health 503, no new connections, finish requests, close the database). */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // The embedded database starts first: its WebAssembly compiles on V8's background threads while the
  // rest of the server's modules load (a third of a second off the start-up; bench/startup.bench.ts).
  const pglite = config.databaseUrl ? undefined : startPglite(config.dataDir);
  const { buildApp } = await import('./app.ts');
  const app = await buildApp(config, pglite ? { pglite } : {});
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    // At once: /api/health answers 503 so balancers send elsewhere, and each answer closes its
    // connection. app.close() then takes this instance's live connections off (their clients reconnect,
    // to another instance behind a balancer), stops accepting, lets requests in flight finish and closes
    // Redis and the database. It takes well under a second; this timer is only for a request that
    // never ends, and keeps the stop within the 5 s balancers and orchestrators are told to expect.
    app.lifecycle.drain();
    const force = setTimeout(() => {
      app.log.error(`shutdown took over ${SHUTDOWN_LIMIT_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    force.unref();
    // Ctrl+C in a terminal is nobody's balancer: stop at once.
    if (signal === 'SIGTERM') await new Promise((resolve) => setTimeout(resolve, DRAIN_GRACE_MS));
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  app.log.info(`Rotaboard is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
