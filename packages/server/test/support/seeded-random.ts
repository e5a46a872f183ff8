/**
 * Mulberry32: a small, fast generator of numbers in [0, 1) that gives the same sequence for a seed on
 * every machine, so a test's random changes or a benchmark's team can be replayed exactly. Shared by
 * the integration tests and the benchmarks (bench/), which import it from here.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
