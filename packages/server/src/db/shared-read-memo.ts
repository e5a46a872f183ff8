import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db.ts';

/**
 * The read memo on PostgreSQL (read-memo.ts has the PGlite one). Other processes write to the same
 * database, so a remembered answer is only as true as the news of their writes: every write that could
 * change one names it by tags (`session:<token hash>`, `user:<id>`, `team:<id>`...), drops it here at
 * once and publishes the tags on a Redis channel every process subscribes to (this one included), and
 * the writing request answers only after Redis has acknowledged the publish (Redis hands a message to
 * every subscriber's connection before it acknowledges). Nothing is served from memory unless this
 * process's link is connected and subscribed; when it is lost, everything is forgotten, and when it is
 * back, serving starts again from empty. A publish that fails (Redis gone mid-write) never fails the
 * write, which has committed: this process stops serving at once, and before it serves again it
 * publishes "forget everything" (`*`) to all. Others stop on their own when Redis itself is away,
 * since their subscription breaks too; if only this process lost Redis, what they remember is at most
 * MEMO_TTL_MS old (the second line of defence, below).
 */

/** The Redis channel invalidations travel on; a message is a JSON array of tags, or `*` for all. */
export const MEMO_CHANNEL = 'rotaboard:read-memo';
/**
 * However it was kept true, an answer is asked again after this long: a write that forgot to name its
 * tags, or a process that could not publish while the others' links stayed up, is wrong for no longer.
 */
export const MEMO_TTL_MS = 5_000;
/** The most answers one process keeps (sessions and team accesses together); the oldest go first. */
export const MEMO_MAX_ENTRIES = 10_000;

/** Tags: every answer names what it was built from; every write names what it changed. */
export const memoTags = {
  session: (tokenHash: string) => `session:${tokenHash}`,
  sessionId: (sessionId: string) => `session-id:${sessionId}`,
  user: (userId: string) => `user:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
};

type Entry = { value: object; tags: readonly string[]; expiresAt: number };

export class SharedReadMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Moves with every drop: a read that began before one may have read what it dropped, so is not kept. */
  private epoch = 0;
  private serving = false;
  private publisher: ((message: string) => Promise<unknown>) | null = null;
  /** A publish failed: everyone must forget everything before this process serves again. */
  private owesFlush = false;

  constructor(
    private readonly now: () => number = Date.now,
    readonly ttlMs = MEMO_TTL_MS,
    readonly maxEntries = MEMO_MAX_ENTRIES,
  ) {}

  get isServing(): boolean {
    return this.serving;
  }
  get size(): number {
    return this.entries.size;
  }

  /**
   * The link is connected and subscribed (again): serve from memory, starting from nothing, since
   * whatever was published while it was away never arrived. Owing a flush, it is sent first.
   */
  async linkUp(publish: (message: string) => Promise<unknown>): Promise<boolean> {
    this.publisher = publish;
    this.dropAll();
    if (this.owesFlush) {
      try {
        await publish('*');
        this.owesFlush = false;
      } catch {
        return false;
      }
    }
    this.dropAll();
    this.serving = true;
    return true;
  }

  /** The link is lost (either connection closed, or the subscription not yet back): ask the database. */
  linkDown(): void {
    this.serving = false;
    this.dropAll();
  }

  /** The remembered answer under `key`, or `load`'s, remembered under the tags `tagsOf` gives it. */
  async read<T extends object>(
    key: string,
    load: () => Promise<T | null>,
    tagsOf: (value: T) => readonly string[],
  ): Promise<T | null> {
    if (!this.serving) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value as T;
    if (hit) this.remove(key);
    const epoch = this.epoch;
    const value = await load();
    if (value && this.serving && this.epoch === epoch) this.store(key, freezeShallow(value), tagsOf(value));
    return value;
  }

  /** Forgets every answer carrying one of `tags` (from this process's writes or from the channel). */
  dropTags(tags: readonly string[]): void {
    this.epoch++;
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  dropAll(): void {
    this.epoch++;
    this.entries.clear();
    this.byTag.clear();
  }

  /** A message from the channel. */
  receive(message: string): void {
    if (message === '*') {
      this.dropAll();
      return;
    }
    try {
      const tags = JSON.parse(message) as unknown;
      if (Array.isArray(tags)) {
        this.dropTags(tags.filter((t): t is string => typeof t === 'string'));
        return;
      }
    } catch {
      // Not ours: nothing remembered can be trusted to be unaffected.
    }
    this.dropAll();
  }

  /**
   * Drops `tags` here and tells every process, resolving once Redis acknowledged. Never throws: the
   * write it follows has committed. On failure this process stops serving until its link is back and
   * it has told everyone to forget everything.
   */
  async publishDrop(tags: readonly string[]): Promise<void> {
    this.dropTags(tags);
    if (!this.serving || !this.publisher) {
      // Others may be serving while this process's link is down (it alone lost Redis, or it is not
      // up yet): they must forget everything before this process serves again.
      this.owesFlush = true;
      return;
    }
    try {
      await this.publisher(JSON.stringify(tags));
    } catch {
      this.owesFlush = true;
      this.linkDown();
    }
  }

  /** Whether a flush is owed (tests). */
  get flushOwed(): boolean {
    return this.owesFlush;
  }

  private store(key: string, value: object, tags: readonly string[]) {
    this.remove(key);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.entries.set(key, { value, tags, expiresAt: this.now() + this.ttlMs });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) {
        keys = new Set();
        this.byTag.set(tag, keys);
      }
      keys.add(key);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}

/** Shared by every request that finds it: frozen (and its objects), so no caller can change it for the next. */
export function freezeShallow<T extends object>(value: T): T {
  for (const field of Object.values(value)) if (field && typeof field === 'object') Object.freeze(field);
  return Object.freeze(value);
}

const memos = new WeakMap<Db, SharedReadMemo>();
/** Tags named by writes inside a transaction, published when it has ended (never before its commit). */
const inTransaction = new AsyncLocalStorage<{ memo: SharedReadMemo; tags: Set<string> }>();

/** The shared memo of a PostgreSQL handle, if it has one (a Redis link was attached to it). */
export function sharedMemoOf(db: Db): SharedReadMemo | undefined {
  return memos.get(db);
}

/**
 * Gives `db` (a PostgreSQL handle, never a transaction) a shared memo, and makes its transactions
 * hold the tags their writes name until they have ended, then publish them before returning: a
 * request that awaits its transaction answers after the publish. Idempotent per handle.
 */
export function shareMemoOn(db: Db, memo: SharedReadMemo = new SharedReadMemo()): SharedReadMemo {
  const existing = memos.get(db);
  if (existing) return existing;
  memos.set(db, memo);
  const transaction = db.transaction.bind(db);
  db.transaction = (async (...args: Parameters<Db['transaction']>) => {
    if (inTransaction.getStore()) return transaction(...args);
    const pending = { memo, tags: new Set<string>() };
    try {
      return await inTransaction.run(pending, () => transaction(...args));
    } finally {
      // Also after a rollback: forgetting what did not change costs one read.
      if (pending.tags.size > 0) await memo.publishDrop([...pending.tags]);
    }
  }) as Db['transaction'];
  return memo;
}

/**
 * Called by a repository right after a write that could change a remembered answer, with what it
 * changed. Outside a transaction the write has committed: published now, and awaited. Inside one it
 * is dropped here at once (so this process does not keep what it reads meanwhile) and published when
 * the transaction ends. On PGlite (read-memo.ts counts writes) and without a link, nothing to do.
 */
export async function invalidateReads(db: Db, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  const pending = inTransaction.getStore();
  if (pending && !memos.has(db)) {
    pending.memo.dropTags(tags);
    for (const tag of tags) pending.tags.add(tag);
    return;
  }
  const memo = memos.get(db);
  if (memo) await memo.publishDrop(tags);
}
