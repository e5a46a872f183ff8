import { LRUCache } from 'lru-cache';

/** The default bound of one process's week cache: WEEK_CACHE_MB (src/config.ts) changes it. */
export const DEFAULT_WEEK_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The serialised answers of recent week reads (UTF-8 bytes, so neither the length nor the encoding of
 * a 1.3 MB answer is worked out again on each send), by everything that decides their bytes: team, the
 * team's schedule version, the dates the viewer may read and whether they see administrators' notes
 * (the same key as the read's ETag). A change to the team's shifts bumps the version, so an entry is
 * never served after a change; a viewer who may see less has another key, so never gets more.
 *
 * Kept in this process only and bounded by bytes, not entries: answers range from a few bytes to
 * 1.3 MB (a 500-staff week), so a count bound says nothing about memory. The least recently used
 * answers are dropped first once the total passes `maxBytes`; 0 keeps nothing (the benchmarks that
 * measure a read after a change), and an answer bigger than the whole bound is simply not kept.
 */
export function createWeekCache(maxBytes: number = DEFAULT_WEEK_CACHE_BYTES) {
  const entries =
    maxBytes > 0
      ? new LRUCache<string, Buffer>({
          maxSize: maxBytes,
          // The key is stored too; counting it keeps many tiny answers from slipping past the bound.
          sizeCalculation: (json, key) => json.byteLength + Buffer.byteLength(key),
        })
      : null;
  return {
    get(key: string): Buffer | undefined {
      return entries?.get(key);
    },
    set(key: string, json: Buffer): void {
      entries?.set(key, json);
    },
    /** How many answers are kept. */
    get size() {
      return entries?.size ?? 0;
    },
    /** How many bytes they take, keys included: never more than `maxBytes`. */
    get bytes() {
      return entries?.calculatedSize ?? 0;
    },
  };
}
export type WeekCache = ReturnType<typeof createWeekCache>;
