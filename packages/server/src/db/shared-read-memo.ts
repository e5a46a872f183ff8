import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db } from './db.ts';

/**
 * The read memo on PostgreSQL (read-memo.ts has the PGlite one). Other processes write to the same
 * database, so a remembered answer is only as true as the news of their writes: every write that could
 * change one names it by tags (`session:<token hash>`, `user:<id>`, `team:<id>`...), drops it here at
 * once and publishes the tags on a Redis channel every process subscribes to (this one included), and
 * the writing request answers only after Redis has sent the message to every subscriber's connection
 * (lib/redis-publish.ts: Redis's answer to PUBLISH comes before that, so a PING follows it), and each
 * process reads its subscription before any request that reached it later. Nothing is served from
 * memory unless this process's link is connected and subscribed; when it is lost, everything is
 * forgotten, and when it is back, serving starts again from empty. A publish that fails (Redis gone
 * mid-write) never fails the write, which has committed: this process stops serving at once, and
 * before it serves again it publishes "forget everything" (`*`) to all. Others stop on their own
 * when Redis itself is away, since their subscription breaks too; if only this process lost Redis,
 * what they remember is at most MEMO_TTL_MS old (the second line of defence, below).
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
/** Tags whose last drop is remembered for reads under way before the old ones are pruned. */
const DROPS_KEPT_BEFORE_PRUNING = 1_000;

/** Tags: every answer names what it was built from; every write names what it changed. */
export const memoTags = {
  session: (tokenHash: string) => `session:${tokenHash}`,
  sessionId: (sessionId: string) => `session-id:${sessionId}`,
  user: (userId: string) => `user:${userId}`,
  team: (teamId: string) => `team:${teamId}`,
  /** Only the schedule lock (named by the shifts module's lock write and deletion, not by shift writes as `team:` is). */
  teamLock: (teamId: string) => `team-lock:${teamId}`,
  /** Only the team's staffing settings (named by their save and the team's deletion). */
  teamSettings: (teamId: string) => `team-settings:${teamId}`,
};

type Entry = { value: object; tags: readonly string[]; expiresAt: number };

export class SharedReadMemo {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /**
   * Moves with every drop. A read that began before a drop of one of its answer's tags may have read
   * what the write changed, so is not kept; one that began before a drop of other tags is. (One number
   * for every drop kept almost nothing at 50 writes a second over a few hundred teams: each load
   * overlapped somebody's write, so every refetch asked the database for its session and access.)
   */
  private seq = 0;
  /** When each tag was last dropped; only needed back to the oldest read still loading (pruned). */
  private readonly droppedAt = new Map<string, number>();
  private allDroppedAt = 0;
  /** How many loads under way began at each `seq`, so `droppedAt` can forget what none can ask. */
  private readonly loadsSince = new Map<number, number>();
  /** Loads under way by key: concurrent reads of one key share one query (the refetches of a change). */
  private readonly flights = new Map<string, { since: number; answer: Promise<object | null> }>();
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
    const flight = this.flights.get(key);
    if (flight) {
      const { since } = flight;
      const joinedAt = this.seq;
      // Counted as a load under way from the shared one's start, so the drops it must check are kept.
      this.loadStarted(since);
      let value: T | null;
      let stale: boolean;
      try {
        value = (await flight.answer) as T | null;
        // The shared load began before this read: if what it answers was dropped since (a write this
        // read must see, such as a logout), this read asks the database itself (not again through
        // the memo, which could wait on loads for ever while writes keep coming). A "none" names no
        // tags: any drop counts.
        stale = value ? this.droppedSince(since, tagsOf(value)) : joinedAt !== since;
      } finally {
        this.loadEnded(since);
      }
      return stale ? load() : value;
    }
    const since = this.seq;
    this.loadStarted(since);
    const answer: Promise<T | null> = (async () => {
      try {
        const value = await load();
        if (value && this.serving) {
          const tags = tagsOf(value);
          if (!this.droppedSince(since, tags)) this.store(key, freezeShallow(value), tags);
        }
        return value;
      } finally {
        if (this.flights.get(key)?.since === since) this.flights.delete(key);
        this.loadEnded(since);
      }
    })();
    this.flights.set(key, { since, answer });
    return answer;
  }

  /** Whether any of `tags` (or everything) was dropped after `since`. */
  private droppedSince(since: number, tags: readonly string[]): boolean {
    if (this.allDroppedAt > since) return true;
    for (const tag of tags) if ((this.droppedAt.get(tag) ?? 0) > since) return true;
    return false;
  }

  private loadStarted(since: number) {
    this.loadsSince.set(since, (this.loadsSince.get(since) ?? 0) + 1);
  }

  private loadEnded(since: number) {
    const left = (this.loadsSince.get(since) ?? 1) - 1;
    if (left > 0) this.loadsSince.set(since, left);
    else this.loadsSince.delete(since);
    if (this.loadsSince.size === 0) {
      this.droppedAt.clear();
    } else if (this.droppedAt.size > DROPS_KEPT_BEFORE_PRUNING) {
      // Loads overlap without a pause under steady traffic: forget drops older than the oldest.
      const oldest = Math.min(...this.loadsSince.keys());
      for (const [tag, at] of this.droppedAt) if (at <= oldest) this.droppedAt.delete(tag);
    }
  }

  /** Forgets every answer carrying one of `tags` (from this process's writes or from the channel). */
  dropTags(tags: readonly string[]): void {
    this.seq++;
    for (const tag of tags) {
      if (this.loadsSince.size > 0) this.droppedAt.set(tag, this.seq);
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  dropAll(): void {
    this.allDroppedAt = ++this.seq;
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
