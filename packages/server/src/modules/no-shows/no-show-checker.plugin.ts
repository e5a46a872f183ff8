import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The no-show checker's clock (issue 44): once the app is ready, `app.services.noShows.checkNoShows`
 * runs every `noShowCheckMs` (NO_SHOW_CHECK_MS; 0: never), one round at a time in this process, on a
 * timer that keeps no process alive; on close the timer stops and a round under way is awaited, so it
 * never meets a closed database. Several processes may all run it: the check itself makes sure one
 * checks at a time and a shift is told once.
 */
export default fp(
  async (app: FastifyInstance, opts: { intervalMs: number }) => {
    if (opts.intervalMs <= 0) return;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<unknown> | null = null;
    const round = () => {
      if (running) return;
      running = app.services.noShows
        .checkNoShows(new Date())
        .catch((err) => app.log.warn({ err }, 'the no-show check failed; it runs again at the next round'))
        .finally(() => {
          running = null;
        });
    };
    app.addHook('onReady', async () => {
      timer = setInterval(round, opts.intervalMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    });
  },
  { name: 'no-show-checker' },
);
