import DataLoader from 'dataloader';
import type { Db } from './db.ts';

/** The most asks one query answers; a bigger burst is split into queries of this many. */
export const MAX_BATCH = 500;

/**
 * Reads of one kind (a session by its token, a team access) asked during one turn of the event loop,
 * answered by one query (DataLoader's batching, with its cache off: read-memo.ts remembers). When a
 * process is killed and its thousands of screens reconnect to the others at once, each handshake and
 * join asks for a session and an access that the memo does not hold yet: bench:scale's SIGKILL storm
 * sent 3,090 single-row queries in 10 s, and writing them to PostgreSQL alone was a tenth of the
 * surviving server's CPU (every query is a message of its own to another process). Gathered here, a
 * turn's asks are one query.
 *
 * The batch is sent with setImmediate, after every I/O callback of the current turn has run (each
 * socket's handshake is a callback of its own; DataLoader's default, the next tick, would send one
 * query per callback), so a read that is alone waits no longer than the rest of its turn. One
 * batch per database handle: the pool, or a transaction's own connection. `run` answers one value (or
 * null) per ask, in order; if its query fails, every ask of the batch fails with that error, as it
 * would have alone, so it must never let one ask's bad input fail the others (filter it out first).
 */
export function batchedReads<Ask, Value>(
  run: (db: Db, asks: readonly Ask[]) => Promise<readonly (Value | null)[]>,
): (db: Db) => DataLoader<Ask, Value | null> {
  const loaders = new WeakMap<Db, DataLoader<Ask, Value | null>>();
  return (db) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<Ask, Value | null>((asks) => run(db, asks), {
        cache: false,
        maxBatchSize: MAX_BATCH,
        batchScheduleFn: (send) => setImmediate(send),
      });
      loaders.set(db, loader);
    }
    return loader;
  };
}
