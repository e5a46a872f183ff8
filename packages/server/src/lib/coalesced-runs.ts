/**
 * Runs `work(key)` for whoever asks, once at a time per key. Asked again while a run is under way, it
 * runs once more when that run ends (what that run read may predate the ask), and everyone who asked
 * in between shares that one: a burst of asks costs two runs, not one each. With `waitMs`, each run
 * begins that long after the ask that called for it, and every ask meanwhile shares it: a burst spread
 * over a second costs about one run a `waitMs`, not one per run's length. The promise returned settles
 * when a run that began after the ask has ended (and rejects if a run fails).
 */
export function coalescedRuns<K>(
  work: (key: K) => Promise<void>,
  options: { waitMs?: number } = {},
): (key: K) => Promise<void> {
  const waitMs = options.waitMs ?? 0;
  const runs = new Map<K, { reading: boolean; again: boolean; done: Promise<void> }>();
  return (key) => {
    const running = runs.get(key);
    if (running) {
      // While it waits, the run to come begins after this ask: sharing it is enough.
      if (running.reading) running.again = true;
      return running.done;
    }
    const run = { reading: false, again: false, done: Promise.resolve() };
    run.done = (async () => {
      try {
        do {
          run.again = false;
          run.reading = false;
          if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
          run.reading = true;
          await work(key);
        } while (run.again);
      } finally {
        runs.delete(key);
      }
    })();
    runs.set(key, run);
    return run.done;
  };
}
