import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** The default bound of one process's week cache: WEEK_CACHE_MB (src/config.ts) changes it. */
export const DEFAULT_WEEK_CACHE_BYTES = 64 * 1024 * 1024;

/** The encodings a week is sent in besides plain JSON, as plugins/compression.ts offers them. */
export type WeekEncoding = 'br' | 'gzip';
export const WEEK_ENCODINGS: readonly WeekEncoding[] = ['br', 'gzip'];

/**
 * How hard a week is compressed. A version's first compression is on the path of the first read after
 * a change, which every open screen of the team makes at once, so it is made at the fastest level:
 * for a 1.06 MB week (bench/week-first-read, CPU time) brotli 1 takes 3.8 ms for 112 KB and gzip 1
 * 7.6 ms for 154 KB, against 12.8 ms for 91 KB (brotli 4) and 15 ms for 143 KB (gzip 6). A version
 * read again is compressed again in the background at plugins/compression.ts's levels, and the smaller
 * body replaces the first once made; a version nobody reads twice never pays for it.
 */
export const WEEK_COMPRESSION_LEVELS: Record<'first' | 'kept', Record<WeekEncoding, number>> = {
  first: { br: 1, gzip: 1 },
  kept: { br: 4, gzip: 6 },
};

const compress = (encoding: WeekEncoding, json: Buffer, level: number): Promise<Buffer> =>
  encoding === 'br'
    ? promisify(brotliCompress)(json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level,
          [constants.BROTLI_PARAM_SIZE_HINT]: json.byteLength,
        },
      })
    : promisify(gzip)(json, { level });

/** A compressed form, and whether it is at the kept level (no better one to make). */
type Encoded = { body: Buffer; kept: boolean };
type Entry = { json: Buffer; encoded: Partial<Record<WeekEncoding, Encoded>> };
const entrySize = (entry: Entry, key: string) =>
  entry.json.byteLength +
  Object.values(entry.encoded).reduce((sum, form) => sum + form.body.byteLength, 0) +
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
 * and the same for each compressed form (compressed off the main thread, once at the fastest level,
 * and once more in the background at a better one when the version is read again:
 * WEEK_COMPRESSION_LEVELS). Per process.
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
  const recompressing = new Set<string>();
  const counts = { builds: 0, compressions: 0, recompressions: 0 };

  const keep = (key: string, entry: Entry) => {
    entries?.set(key, entry);
  };

  /** Adds a compressed form to the entry for `key`, if it still holds the same JSON. */
  const keepEncoded = (key: string, json: Buffer, encoding: WeekEncoding, form: Encoded) => {
    const current = entries?.get(key);
    // A new object, so the cache measures the entry again with its compressed form.
    if (current && current.json === json) {
      keep(key, { ...current, encoded: { ...current.encoded, [encoding]: form } });
    }
  };

  /**
   * A kept version read again: its body at the kept level, made in the background (once) while the
   * fast one goes on being sent, and sent instead once made. A failure leaves the fast one in place.
   */
  const recompress = (key: string, encoding: WeekEncoding, json: Buffer) => {
    const flightKey = `${encoding}\u0000${key}`;
    if (recompressing.has(flightKey)) return;
    recompressing.add(flightKey);
    counts.recompressions += 1;
    compress(encoding, json, WEEK_COMPRESSION_LEVELS.kept[encoding]).then(
      (body) => {
        recompressing.delete(flightKey);
        keepEncoded(key, json, encoding, { body, kept: true });
      },
      () => recompressing.delete(flightKey),
    );
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
      if (ready) {
        if (!ready.kept) recompress(key, encoding, found.json);
        return { body: ready.body, encoding };
      }
      const flightKey = `${encoding}\u0000${key}`;
      let pending = compressing.get(flightKey);
      if (!pending) {
        counts.compressions += 1;
        pending = compress(encoding, found.json, WEEK_COMPRESSION_LEVELS.first[encoding]).then((body) => {
          keepEncoded(key, found.json, encoding, { body, kept: false });
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
    /** How many times a kept version was compressed again at the kept level (WEEK_COMPRESSION_LEVELS). */
    get recompressions() {
      return counts.recompressions;
    },
  };
}
export type WeekCache = ReturnType<typeof createWeekCache>;
