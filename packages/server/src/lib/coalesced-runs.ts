/**
 * Runs `work(key)` for whoever asks, once at a time per key. Asked again while a run is under way, it
 * runs once more when that run ends (what that run read may predate the ask), and everyone who asked
 * in between shares that one: a burst of asks costs two runs, not one each. The promise returned
 * settles when a run that began after the ask has ended (and rejects if a run fails).
 */
export function coalescedRuns<K>(work: (key: K) => Promise<void>): (key: K) => Promise<void> {
  const runs = new Map<K, { again: boolean; done: Promise<void> }>();
  return (key) => {
    const running = runs.get(key);
    if (running) {
      running.again = true;
      return running.done;
    }
    const run = { again: false, done: Promise.resolve() };
    run.done = (async () => {
      try {
        do {
          run.again = false;
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
