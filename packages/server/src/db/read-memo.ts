import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';
import { freezeShallow, sharedMemoOf } from './shared-read-memo.ts';

/**
 * Embedded PGlite belongs to this process alone (no other process can open its data directory), so
 * this process sees every write to it. A counter moves before and after each one: every statement
 * that is not a plain SELECT, and every transaction, whatever it does. Reads remembered under one
 * count are exactly what the database would answer until the count moves.
 */
type WriteCounter = { value: number };
const counters = new WeakMap<Db, WriteCounter>();

const PLAIN_READ = /^\s*select\b/i;

/** Counts the writes made through `client` and ties the count to `db` (openDatabase, PGlite only). */
export function countWrites(client: PGlite, db: Db): void {
  const counter: WriteCounter = { value: 0 };
  const around = async <T>(write: boolean, run: () => Promise<T>): Promise<T> => {
    if (!write) return run();
    counter.value++;
    try {
      return await run();
    } finally {
      counter.value++;
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: unknown[]) =>
    around(!PLAIN_READ.test(text), () =>
      (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest),
    )) as PGlite['query'];
  client.exec = ((...args: Parameters<PGlite['exec']>) =>
    around(true, () => exec(...args))) as PGlite['exec'];
  client.transaction = ((...args: Parameters<PGlite['transaction']>) =>
    around(true, () => transaction(...args))) as PGlite['transaction'];
  counters.set(db, counter);
}

/** Whether `db` is embedded PGlite (outside a transaction), where each query runs on this thread. */
export function isEmbedded(db: Db): boolean {
  return counters.has(db);
}

/**
 * Remembers reads that every API request repeats (the session, the caller's team access). On PGlite,
 * where each query runs on this process's one thread, that is most of a conditional read's time: any
 * write forgets everything, so a logout, a removal or a change of role is seen by the very next
 * request. On PostgreSQL (other processes write too) answers are remembered only while the Redis link
 * holds, and forgotten by the tags each write names, in every process (shared-read-memo.ts); without
 * the link, inside a transaction, or for an empty answer, it always asks the database. Keys must hold
 * every parameter of the query; answers that depend on the clock are checked again by the caller on
 * each use; `tagsOf` names everything an answer was built from, as writes name it.
 */
export function createReadMemo<T extends object>(
  db: Db,
  options: { name: string; tagsOf: (value: T) => readonly string[]; max?: number },
) {
  const counter = counters.get(db);
  let countSeen = -1;
  const entries = new Map<string, T>();
  const max = options.max ?? 1000;
  return async (key: string, load: () => Promise<T | null>): Promise<T | null> => {
    if (!counter) {
      const shared = sharedMemoOf(db);
      return shared ? shared.read(`${options.name}/${key}`, load, options.tagsOf) : load();
    }
    if (counter.value !== countSeen) {
      entries.clear();
      countSeen = counter.value;
    }
    const remembered = entries.get(key);
    if (remembered) return remembered;
    const before = counter.value;
    const value = await load();
    // Kept only when no write began or ended while it was read.
    if (value && counter.value === before) {
      if (entries.size >= max) entries.clear();
      entries.set(key, freezeShallow(value));
    }
    return value;
  };
}

/** One memo per database handle (repositories are created per request; transactions get none). */
export function memoFor<T extends object>(
  memos: WeakMap<Db, ReturnType<typeof createReadMemo<T>>>,
  db: Db,
  options: Parameters<typeof createReadMemo<T>>[1],
) {
  let memo = memos.get(db);
  if (!memo) {
    memo = createReadMemo<T>(db, options);
    memos.set(db, memo);
  }
  return memo;
}
