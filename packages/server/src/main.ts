import { ConfigError, loadConfig } from './config.ts';
import { startPglite } from './db/pglite-start.ts';

/** Starts one server; stops gracefully on SIGTERM/SIGINT (no new connections, finish requests, close the database). */
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
    // A request that never ends must not keep the process alive for ever.
    const force = setTimeout(() => {
      app.log.error('shutdown took over 10 s, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Rotaboard is running at ${config.publicUrl}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
