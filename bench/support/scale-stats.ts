// Pure arithmetic the scale bench's scenarios share: percentiles, and a verdict that is only given on
// a machine that can judge it. No I/O, so `support/scale-stats.test.ts` checks it without servers.
// (And the one event-loop watch the bench and its screen hosts both use.)
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The q-quantile of `values` by the nearest-rank rule (the value below which a share q lies), rounded
 * to 0.1; null for no values. The same rule bench/scale.bench.ts has always used, so old and new
 * results compare.
 */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0 || !(q >= 0 && q <= 1)) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return +sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
}

/** p50, p99 and max of some timings (ms), null when there are none. */
export function summarize(values: readonly number[]) {
  return {
    count: values.length,
    p50Ms: quantile(values, 0.5),
    p99Ms: quantile(values, 0.99),
    maxMs: values.length ? +Math.max(...values).toFixed(1) : null,
  };
}

/** `a / b` to two decimals, or null when either is missing or b is 0. */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0) return null;
  return +(a / b).toFixed(2);
}

/** The machine's load as a result records it: more runnable work than cores makes it busy. */
export function machineLoad(load: readonly number[] = loadavg(), cores: number = cpus().length) {
  return {
    loadAverage: load.map((l) => +l.toFixed(2)),
    cpus: cores,
    machineBusy: load[0]! > cores,
  };
}

/**
 * A scenario's verdict: "met" or "not met" only when it ran at the size on a machine that was
 * not busy at its start or its end; otherwise "not judged" and why (a reduced run proves the bench
 * works, a busy machine measures its own queue).
 */
export function verdict(input: { reducedSize: boolean; busy: boolean; met: boolean }): string {
  const why = [input.reducedSize && 'reduced size', input.busy && 'busy machine'].filter(Boolean);
  if (why.length) return `not judged: ${why.join(', ')}`;
  return input.met ? 'met' : 'not met';
}

/**
 * Watches this process's event loop from now on; the function returned stops watching and gives the
 * delay's p50, p99 and max (ms) and the CPU time (user + system, ms) used meanwhile. Node samples every
 * 20 ms and records the time between samples, so each figure includes those 20 ms: 20 is a loop never
 * late (the bench's figures have always been taken this way).
 */
export function watchEventLoop() {
  const histogram = monitorEventLoopDelay({ resolution: 20 });
  histogram.enable();
  const cpuAtStart = process.cpuUsage();
  return () => {
    histogram.disable();
    const cpu = process.cpuUsage(cpuAtStart);
    const ms = (ns: number) => +(ns / 1e6).toFixed(1);
    return {
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    };
  };
}

/**
 * The worst event-loop delay (ms) in each second of the window [from, to) (epoch ms), from the lines
 * support/loop-delay-probe.mjs writes ("<epoch ms> <ms>", one a second per process, each covering the
 * second before it): a line counts for the second its own second mostly falls in, and several
 * processes' lines for one second give their worst. 0 where no line fell.
 */
export function worstBySecond(texts: readonly string[], from: number, to: number): number[] {
  const worst = Array.from({ length: Math.max(0, Math.ceil((to - from) / 1000)) }, () => 0);
  for (const text of texts) {
    for (const line of text.split('\n')) {
      const [at, ms] = line.trim().split(' ').map(Number);
      if (!Number.isFinite(at) || !Number.isFinite(ms)) continue;
      const index = Math.floor((at! - 500 - from) / 1000);
      if (index >= 0 && index < worst.length) worst[index] = Math.max(worst[index]!, ms!);
    }
  }
  return worst;
}
