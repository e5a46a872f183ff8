import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatheredRuns } from '../src/lib/gathered-runs.ts';

/** Work the test finishes when it chooses, recording each run's keys in order. */
function controlled() {
  const started: string[][] = [];
  const finishers: ((err?: Error) => void)[] = [];
  const work = (keys: string[]) =>
    new Promise<void>((resolve, reject) => {
      started.push(keys);
      finishers.push((err) => (err ? reject(err) : resolve()));
    });
  const finishNext = async (err?: Error) => {
    finishers.shift()!(err);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { work, started, finishNext };
}

describe('gatheredRuns', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('begins a run the wait after the first ask, for every key asked meanwhile, once each', async () => {
    const { work, started, finishNext } = controlled();
    const run = gatheredRuns(work, { waitMs: 500 });
    const settled: string[] = [];
    run('team a').then(() => settled.push('a'));
    await vi.advanceTimersByTimeAsync(300);
    run('team b').then(() => settled.push('b'));
    run('team a').then(() => settled.push('a again'));
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(started).toEqual([['team a', 'team b']]);
    await finishNext();
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toEqual([['team a', 'team b']]);
    expect(settled).toEqual(['a', 'b', 'a again']);
  });

  it('answers an ask during a run with the next run, after the wait and after that run ends', async () => {
    const { work, started, finishNext } = controlled();
    const run = gatheredRuns(work, { waitMs: 500 });
    const settled: string[] = [];
    run('team a').then(() => settled.push('before'));
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual([['team a']]);
    // Asked while the first run reads: what it reads may predate these asks.
    run('team a').then(() => settled.push('during'));
    run('team c').then(() => settled.push('during, c'));
    await vi.advanceTimersByTimeAsync(800);
    // The wait has passed, but the first run is still under way: one run at a time.
    expect(started).toEqual([['team a']]);
    await finishNext();
    expect(settled).toEqual(['before']);
    expect(started).toEqual([['team a'], ['team a', 'team c']]);
    await finishNext();
    expect(settled).toEqual(['before', 'during', 'during, c']);
  });

  it('rejects the askers of a run that fails, and gathers the next ask into a new run', async () => {
    const { work, started, finishNext } = controlled();
    const run = gatheredRuns(work, { waitMs: 500 });
    const caught = run('team a').catch((err: Error) => err.message);
    await vi.advanceTimersByTimeAsync(500);
    await finishNext(new Error('Redis away'));
    expect(await caught).toBe('Redis away');
    const next = run('team a');
    await vi.advanceTimersByTimeAsync(500);
    expect(started).toEqual([['team a'], ['team a']]);
    await finishNext();
    await expect(next).resolves.toBeUndefined();
  });
});
