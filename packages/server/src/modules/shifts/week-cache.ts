import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The default bound of one process's week cache: WEEK_CACHE_MB (src/config.ts) changes it. */
export const DEFAULT_WEEK_CACHE_BYTES = 64 * 1024 * 1024;

/** The encodings a week is sent in besides plain JSON, as plugins/compression.ts offers them. */
export type WeekEncoding = 'br' | 'gzip';
export const WEEK_ENCODINGS: readonly WeekEncoding[] = ['br', 'gzip'];

// The same settings as plugins/compression.ts (brotli quality 4: made per change, not per build).
const compressors: Record<WeekEncoding, (json: Buffer) => Promise<Buffer>> = {
  br: (json) =>
    promisify(brotliCompress)(json, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength,
      },
    }),
  gzip: (json) => promisify(gzip)(json, { level: 6 }),
};

type Entry = { json: Buffer; encoded: Partial<Record<WeekEncoding, Buffer>> };
const entrySize = (entry: Entry, key: string) =>
  entry.json.byteLength +
  Object.values(entry.encoded).reduce((sum, body) => sum + body.byteLength, 0) +
  // The key is stored too; counting it keeps many tiny answers from slipping past the bound.
  Buffer.byteLength(key);

/**
 * The serialised answers of recent week reads (UTF-8 bytes, so neither the length nor the encoding of
 * a 1.3 MB answer is worked out again on each send), with their compressed forms, by everything that
 * decides their bytes: team, the team's schedule version, the dates the viewer may read and whether
 * they see administrators' notes (the same key as the read's ETag). A change to the team's shifts
 * bumps the version, so an entry is never served after a change; a viewer who may see less has
 * another key, so never gets more.
 *
 * **One build per version, whoever asks** (single-flight): when a change reaches every open screen
 * of a team, they all ask for the new version at once. The first read of a key builds it; reads of
 * the same key meanwhile wait for that build instead of each querying and serialising the same week,
 * and the same for each compressed form (compressed off the main thread, once). Per process.
 *
 * Kept in this process only and bounded by bytes, not entries: answers range from a few bytes to
 * 1.3 MB (a 500-staff week), so a count bound says nothing about memory; compressed forms count too.
 * The least recently used answers are dropped first once the total passes `maxBytes`; 0 keeps nothing
 * once built (the benchmarks that measure a read after a change; reads at the same moment still share
 * one build), and an answer bigger than the whole bound is simply not kept.
 */
export function createWeekCache(maxBytes: number = DEFAULT_WEEK_CACHE_BYTES) {
  const entries =
    maxBytes > 0 ? new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entrySize }) : null;
  /** Builds and compressions under way, by key (and key + encoding). */
  const building = new Map<string, Promise<Entry>>();
  const compressing = new Map<string, Promise<Buffer>>();
  const counts = { builds: 0, compressions: 0 };

  const keep = (key: string, entry: Entry) => {
    entries?.set(key, entry);
  };

  /** The entry for `key`: kept, being built, or built now by `build` (and kept). */
  function entry(key: string, build: () => Promise<Buffer>): Promise<Entry> {
    const kept = entries?.get(key);
    if (kept) return Promise.resolve(kept);
    const pending = building.get(key);
    if (pending) return pending;
    counts.builds += 1;
    const started = build().then((json) => {
      const built: Entry = { json, encoded: {} };
      keep(key, built);
      return built;
    });
    building.set(key, started);
    // Forgotten once settled, whatever the outcome: a failed build is tried again by the next read.
    void started.then(
      () => building.delete(key),
      () => building.delete(key),
    );
    return started;
  }

  return {
    /**
     * The answer for `key`, in `encoding` when given and the JSON is at least `minBytes` (below that
     * compressing costs more than it saves; plugins/compression.ts's threshold), else plain. Built by
     * `build` only when neither kept nor being built, and compressed only when not already.
     */
    async body(
      key: string,
      build: () => Promise<Buffer>,
      encoding?: WeekEncoding,
      minBytes = 1024,
    ): Promise<{ body: Buffer; encoding?: WeekEncoding }> {
      const found = await entry(key, build);
      if (!encoding || found.json.byteLength < minBytes) return { body: found.json };
      const ready = found.encoded[encoding];
      if (ready) return { body: ready, encoding };
      const flightKey = `${encoding}\u0000${key}`;
      let pending = compressing.get(flightKey);
      if (!pending) {
        counts.compressions += 1;
        pending = compressors[encoding](found.json).then((body) => {
          // A new object, so the cache measures the entry again with its compressed form.
          const current = entries?.get(key);
          if (current && current.json === found.json) {
            keep(key, { json: current.json, encoded: { ...current.encoded, [encoding]: body } });
          }
          return body;
        });
        compressing.set(flightKey, pending);
        void pending.then(
          () => compressing.delete(flightKey),
          () => compressing.delete(flightKey),
        );
      }
      return { body: await pending, encoding };
    },
    get(key: string): Buffer | undefined {
      return entries?.get(key)?.json;
    },
    set(key: string, json: Buffer): void {
      keep(key, { json, encoded: {} });
    },
    /** How many answers are kept. */
    get size() {
      return entries?.size ?? 0;
    },
    /** How many bytes they take, compressed forms and keys included: never more than `maxBytes`. */
    get bytes() {
      return entries?.calculatedSize ?? 0;
    },
    /** How many times an answer was built and compressed since the start (tests, benchmarks). */
    get builds() {
      return counts.builds;
    },
    get compressions() {
      return counts.compressions;
    },
  };
}
export type WeekCache = ReturnType<typeof createWeekCache>;
