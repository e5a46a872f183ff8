import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';

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
 * Remembers reads that every API request repeats (the session, the caller's team access) for as long
 * as nothing has been written: on PGlite, where each query runs on this process's one thread, that is
 * most of a conditional read's time. Any write forgets everything, so a logout, a removal or a change
 * of role is seen by the very next request. With PostgreSQL (other processes may write), inside a
 * transaction, or for an empty answer, it always asks the database. Keys must hold every parameter
 * of the query; answers that depend on the clock are checked again by the caller on each use.
 */
export function createReadMemo<T extends object>(db: Db, max = 1000) {
  const counter = counters.get(db);
  let countSeen = -1;
  const entries = new Map<string, T>();
  return async (key: string, load: () => Promise<T | null>): Promise<T | null> => {
    if (!counter) return load();
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

/** Shared by every request that finds it: frozen (and its objects), so no caller can change it for the next. */
function freezeShallow<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field && typeof field === 'object') Object.freeze(field);
  return Object.freeze(value);
}

/** One memo per database handle (repositories are created per request; transactions get none). */
export function memoFor<T extends object>(memos: WeakMap<Db, ReturnType<typeof createReadMemo<T>>>, db: Db) {
  let memo = memos.get(db);
  if (!memo) {
    memo = createReadMemo<T>(db);
    memos.set(db, memo);
  }
  return memo;
}
