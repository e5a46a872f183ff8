#!/usr/bin/env node
// `npm test`: every check CI runs, in order, then a plain summary. Every step runs even when an
// earlier one fails, so one run shows everything that is wrong; the exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
process.env.TZ = 'UTC';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const vitestCounts = (file) => {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
};
const playwrightCounts = (file) => {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
};

/** Debian's Chromium drives the e2e tests; never a downloaded browser. */
function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() !== 0) {
    console.error('e2e needs /usr/bin/chromium: install it with "sudo apt-get install -y chromium"');
    return false;
  }
  console.info('Installing Chromium from Debian (apt-get install chromium)…');
  return run('sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

const vitest = (name, projects) => {
  const out = path.join(reports, `${name}.json`);
  const ok = run('npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  return { ok, counts: vitestCounts(out) };
};

const steps = [
  ['lint', () => ({ ok: run('npx', ['biome', 'check', '.']) })],
  ['typecheck', () => ({ ok: run('npm', ['run', '--silent', 'typecheck']) })],
  ['unit', () => vitest('unit', ['core', 'web'])],
  ['integration', () => vitest('integration', ['server'])],
  [
    'e2e',
    () => {
      if (!ensureChromium()) return { ok: false };
      if (!run('npm', ['run', '--silent', 'build'])) return { ok: false };
      const out = path.join(reports, 'e2e.json');
      const ok = run('npx', ['playwright', 'test', '-c', 'packages/e2e/playwright.config.ts'], {
        E2E_JSON_REPORT: out,
      });
      return { ok, counts: playwrightCounts(out) };
    },
  ],
];

const results = [];
for (const [name, step] of steps) {
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  const result = step();
  results.push({ name, ...result, seconds: Math.round((Date.now() - started) / 1000) });
}

const total = { passed: 0, failed: 0, skipped: 0 };
console.info('\n━━ summary ━━');
for (const r of results) {
  const counts = r.counts
    ? ` (${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped)`
    : '';
  console.info(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(12)} ${String(r.seconds).padStart(4)} s${counts}`);
  if (r.counts) for (const k of Object.keys(total)) total[k] += r.counts[k];
}
const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
if (failedSteps.length) console.info(`failed steps: ${failedSteps.join(', ')}`);
// A failed step without test counts (lint, typecheck, build) still counts as a failure here.
const failed = total.failed + results.filter((r) => !r.ok && !r.counts?.failed).length;
console.info(`${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
