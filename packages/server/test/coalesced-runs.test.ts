import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescedRuns } from '../src/lib/coalesced-runs.ts';

/** Work the test finishes when it chooses, recording each run's key in order. */
function controlled() {
  const started: string[] = [];
  const finishers: ((err?: Error) => void)[] = [];
  const work = (key: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(key);
      finishers.push((err) => (err ? reject(err) : resolve()));
    });
  const finishNext = async (err?: Error) => {
    finishers.shift()!(err);
    await new Promise((r) => setImmediate(r));
  };
  return { work, started, finishNext };
}

describe('coalescedRuns', () => {
  it('runs once more after a run that was asked for again, and the askers share that run', async () => {
    const { work, started, finishNext } = controlled();
    const run = coalescedRuns(work);
    const settled: string[] = [];
    run('team').then(() => settled.push('first'));
    run('team').then(() => settled.push('second'));
    run('team').then(() => settled.push('third'));
    run('other').then(() => settled.push('other'));
    expect(started).toEqual(['team', 'other']);
    await finishNext(); // team's first run ends: asked again meanwhile, so it runs once more
    expect(started).toEqual(['team', 'other', 'team']);
    expect(settled).toEqual([]);
    await finishNext(); // other's run
    expect(settled).toEqual(['other']);
    await finishNext(); // team's second run: nobody asked during it
    expect(settled).toEqual(['other', 'first', 'second', 'third']);
    expect(started).toEqual(['team', 'other', 'team']);

    // Idle again: the next ask starts a run at once.
    run('team');
    expect(started).toEqual(['team', 'other', 'team', 'team']);
    await finishNext();
  });

  it('rejects the askers of a run that fails, and starts afresh at the next ask', async () => {
    const { work, started, finishNext } = controlled();
    const run = coalescedRuns(work);
    const failed = run('team');
    const caught = failed.catch((err: Error) => err.message);
    await finishNext(new Error('Redis away'));
    expect(await caught).toBe('Redis away');
    const next = run('team');
    expect(started).toEqual(['team', 'team']);
    await finishNext();
    await expect(next).resolves.toBeUndefined();
  });

  describe('with a wait', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('begins a run that long after the first ask, shared by every ask meanwhile', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { work, started, finishNext } = controlled();
      const run = coalescedRuns(work, { waitMs: 500 });
      const settled: string[] = [];
      run('team').then(() => settled.push('first'));
      await vi.advanceTimersByTimeAsync(300);
      run('team').then(() => settled.push('second'));
      expect(started).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      // One run for both asks: the second came before it began, so none follows it.
      expect(started).toEqual(['team']);
      await finishNext();
      await vi.advanceTimersByTimeAsync(1000);
      expect(started).toEqual(['team']);
      expect(settled).toEqual(['first', 'second']);
    });

    it('answers an ask during a run with one more run, after waiting again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { work, started, finishNext } = controlled();
      const run = coalescedRuns(work, { waitMs: 500 });
      const settled: string[] = [];
      run('team').then(() => settled.push('before'));
      await vi.advanceTimersByTimeAsync(500);
      expect(started).toEqual(['team']);
      // Asked while the first run reads: what it reads may predate this ask.
      run('team').then(() => settled.push('during'));
      run('team').then(() => settled.push('during too'));
      await finishNext();
      expect(started).toEqual(['team']);
      expect(settled).toEqual([]);
      await vi.advanceTimersByTimeAsync(500);
      expect(started).toEqual(['team', 'team']);
      await finishNext();
      expect(settled).toEqual(['before', 'during', 'during too']);
    });
  });
});
