// Preloaded by bench/scale.bench.ts into the servers it starts (app and reference alike, `--import`):
// each second, the longest this process's event loop was late over that second, appended to
// `$LOOP_DELAY_DIR/<pid>.txt` as "<epoch ms> <ms>". The bench reads it over its measured window to
// tell a server's own stall from a wait elsewhere (PostgreSQL, Redis, the balancer). Nothing in the
// app itself; a process started without LOOP_DELAY_DIR is left alone.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.LOOP_DELAY_DIR;
if (dir) {
  const file = path.join(dir, `${process.pid}.txt`);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const at = Math.round(performance.timeOrigin + performance.now());
    appendFileSync(file, `${at} ${(histogram.max / 1e6).toFixed(1)}\n`);
    histogram.reset();
  }, 1000);
  timer.unref();
}
