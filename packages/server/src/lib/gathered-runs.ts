/**
 * Runs `work(keys)` for whoever asks, one run at a time, each for every key asked since the last one
 * began. A run begins `waitMs` after the first ask it gathers, and never before the run under way has
 * ended: an ask during a run (what that run read may predate it) is answered by the next. A burst of
 * asks for a thousand keys over a few seconds costs one run every `waitMs` or so, not one per key. The
 * promise returned settles when the run that took the ask has ended (and rejects if that run fails; the
 * next ask gathers a new run all the same).
 */
export function gatheredRuns<K>(
  work: (keys: K[]) => Promise<void>,
  options: { waitMs?: number } = {},
): (key: K) => Promise<void> {
  const waitMs = options.waitMs ?? 0;
  type Gathering = { keys: Set<K>; done: Promise<void> };
  let gathering: Gathering | null = null;
  let previous: Promise<unknown> = Promise.resolve();
  return (key) => {
    if (!gathering) {
      const keys = new Set<K>();
      const after = previous;
      const done = (async () => {
        await Promise.all([
          new Promise((resolve) => setTimeout(resolve, waitMs)),
          after.catch(() => undefined),
        ]);
        // From here, asks gather the next run.
        if ((gathering as Gathering | null)?.keys === keys) gathering = null;
        await work([...keys]);
      })();
      gathering = { keys, done };
      previous = done;
    }
    gathering.keys.add(key);
    return gathering.done;
  };
}
