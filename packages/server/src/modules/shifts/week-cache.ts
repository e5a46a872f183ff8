/**
 * The serialised answers of recent week reads (UTF-8 bytes, so neither the length nor the encoding of
 * a 1.3 MB answer is worked out again on each send), by everything that decides their bytes: team, the
 * team's schedule version, the dates the viewer may read and whether they see administrators' notes
 * (the same key as the read's ETag). A change to the team's shifts bumps the version, so an entry is
 * never served after a change; a viewer who may see less has another key, so never gets more. Kept in
 * this process only, at most `max` entries, the least recently used dropped first.
 */
export function createWeekCache(max = 64) {
  const entries = new Map<string, Buffer>();
  return {
    get(key: string): Buffer | undefined {
      const json = entries.get(key);
      if (json !== undefined) {
        // Refresh its place: a Map iterates in insertion order, so the first key is the coldest.
        entries.delete(key);
        entries.set(key, json);
      }
      return json;
    },
    set(key: string, json: Buffer): void {
      entries.delete(key);
      entries.set(key, json);
      while (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
export type WeekCache = ReturnType<typeof createWeekCache>;
