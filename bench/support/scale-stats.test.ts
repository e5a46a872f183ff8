// The scale bench's arithmetic, without servers: node --import tsx --test bench/support/*.test.ts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { machineLoad, quantile, ratio, summarize, verdict, worstBySecond } from './scale-stats.ts';

test('quantile takes the nearest rank, whatever the order of the values', () => {
  const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
  assert.equal(quantile(values, 0.5), 51);
  assert.equal(quantile(values, 0.99), 100);
  assert.equal(quantile(values, 0), 1);
  assert.equal(quantile(values, 1), 100);
  assert.equal(quantile([7], 0.99), 7);
  assert.equal(quantile([1.26, 1.24], 0.5), 1.3);
});

test('quantile of nothing, or of a share outside 0–1, is null', () => {
  assert.equal(quantile([], 0.5), null);
  assert.equal(quantile([1, 2], 1.5), null);
  assert.equal(quantile([1, 2], -0.1), null);
  assert.equal(quantile([1, 2], Number.NaN), null);
});

test('quantile leaves its input as it was', () => {
  const values = [3, 1, 2];
  quantile(values, 0.5);
  assert.deepEqual(values, [3, 1, 2]);
});

test('summarize gives count, p50, p99 and max; nulls for no values', () => {
  assert.deepEqual(summarize([5, 1, 3]), { count: 3, p50Ms: 3, p99Ms: 5, maxMs: 5 });
  assert.deepEqual(summarize([]), { count: 0, p50Ms: null, p99Ms: null, maxMs: null });
});

test('ratio is null when a side is missing or the reference is 0', () => {
  assert.equal(ratio(30, 10), 3);
  assert.equal(ratio(1, 3), 0.33);
  assert.equal(ratio(null, 10), null);
  assert.equal(ratio(10, 0), null);
  assert.equal(ratio(10, undefined), null);
});

test('the machine is busy only with more runnable work than cores', () => {
  assert.equal(machineLoad([2, 1, 1], 2).machineBusy, false);
  assert.equal(machineLoad([2.01, 1, 1], 2).machineBusy, true);
  assert.deepEqual(machineLoad([1.234, 0.5, 0], 4).loadAverage, [1.23, 0.5, 0]);
});

test('a verdict is given only at full size on a quiet machine', () => {
  assert.equal(verdict({ reducedSize: false, busy: false, met: true }), 'met');
  assert.equal(verdict({ reducedSize: false, busy: false, met: false }), 'not met');
  assert.equal(verdict({ reducedSize: true, busy: false, met: true }), 'not judged: reduced size');
  assert.equal(verdict({ reducedSize: false, busy: true, met: false }), 'not judged: busy machine');
  assert.equal(
    verdict({ reducedSize: true, busy: true, met: true }),
    'not judged: reduced size, busy machine',
  );
});

test("worstBySecond gives each second of the window its processes' worst delay", () => {
  const from = 10_000;
  const a = '11000 20.5\n12000 250\n13000 21\n';
  const b = '11400 35\n12400 22\nnot a line\n\n';
  // Seconds [10 000, 11 000), [11 000, 12 000), [12 000, 13 000): each line counts where its second
  // mostly fell (11 400 covers 10 400–11 400: the first); 13 000 falls in the third.
  assert.deepEqual(worstBySecond([a, b], from, 13_000), [35, 250, 21]);
  // Lines outside the window count for nothing; a window of no time has no seconds.
  assert.deepEqual(worstBySecond(['5000 900\n99000 900\n'], from, 12_000), [0, 0]);
  assert.deepEqual(worstBySecond([a], from, from), []);
});
