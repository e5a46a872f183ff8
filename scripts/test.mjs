#!/usr/bin/env node
// `npm test`: every check CI runs, then a plain summary. Every step runs even when an earlier one
// fails, so one run shows everything that is wrong; the exit code is non-zero if any failed.
//
// Two lanes share the machine first: the integration tests (two vitest workers, which leave part of
// a 2-core machine idle while they wait on the database) and, beside them, lint → unit → build, whose
// output is held back and printed whole as each step ends so the two do not interleave line by line;
// the typecheck runs from the start at the lowest priority, in what the others leave idle. The end-to-end tests start once both are done, with the machine to themselves: beside
// the browsers, which fill two cores on their own, the integration tests got a sixth of their speed
// alone and the two together took longer than one after the other (28 Nov 2026, docs/architecture.md
// "Tests"). Both stream their lines as they come.
//
// The Node lanes (issue 45, scripts/node-lanes.mjs) run last, once the end-to-end tests are done: the
// unit tests and a smoke of the built server under Node 24 and Node 26, side by side, each
// Node fetched from the npm registry into a cache the first time (fetched at the start, while the
// machine waits on the network anyway). Beside the browsers, at a load of 15, their unit tests once
// starved past their timeouts, and the smoke times a stop in seconds. Since the unit tests share their
// module cache (vitest.config.ts) both lanes together take about 2 minutes. Everything else runs on
// the Node that runs npm test (the main lane).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_LANES } from './node-lanes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
process.env.TZ = 'UTC';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

/**
 * Runs a command with its output held back, then prints it in one piece; resolves to success.
 * `lowPriority` starts it at nice 19: it then takes what the other lanes leave idle of the machine.
 */
const runQuietly = (name, command, args, env = {}, { lowPriority = false } = {}) =>
  new Promise((resolve) => {
    const niced = lowPriority && process.platform !== 'win32';
    const child = spawn(niced ? 'nice' : command, niced ? ['-n', '19', command, ...args] : args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...env },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      process.stdout.write(`\n━━ ${name} ━━\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });

/** Runs a command with its output streamed as it comes; resolves to success. */
const runLive = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });

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
/** The e2e report's failed journeys and errors outside any journey (a global setup, a worker's end). */
const playwrightProblems = (file) => {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const firstLine = (error) => String(error?.message ?? error ?? '').split('\n')[0];
  const problems = (report.errors ?? []).map((error) => ({
    where: 'outside any test',
    what: firstLine(error),
  }));
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        problems.push({
          where: `${spec.file}:${spec.line} › ${spec.title}`,
          what: firstLine(last?.errors?.[0]),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return problems;
};

/**
 * Debian's Chromium drives the e2e tests; never a downloaded browser. Its old headless shell (Debian's
 * chromium-headless-shell) runs them with less CPU where it is installed (support/chromium-fair.sh):
 * installed beside Chromium when this runs as root, the suite runs without it otherwise.
 */
function ensureChromium() {
  const shell = '/usr/lib/chromium/chromium-headless-shell';
  if (existsSync('/usr/bin/chromium') && existsSync(shell)) return true;
  if (process.getuid?.() !== 0) {
    if (existsSync('/usr/bin/chromium')) {
      console.info(
        `e2e: ${shell} is not installed ("sudo apt-get install -y chromium-headless-shell" saves CPU)`,
      );
      return true;
    }
    console.error('e2e needs /usr/bin/chromium: install it with "sudo apt-get install -y chromium"');
    return false;
  }
  console.info(
    'Installing Chromium and its headless shell from Debian (apt-get install chromium chromium-headless-shell)…',
  );
  return run('sh', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell',
  ]);
}

const vitestArgs = (name, projects) => [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  '--reporter=./scripts/vitest-problems-reporter.mjs',
];
/** Where a vitest step's problems go (scripts/vitest-problems-reporter.mjs), for the summary. */
const problemsFile = (name) => path.join(reports, `${name}-problems.json`);
const problemsEnv = (name) => ({ VITEST_PROBLEMS_FILE: problemsFile(name) });
const vitestProblems = (name) =>
  existsSync(problemsFile(name)) ? JSON.parse(readFileSync(problemsFile(name), 'utf8')) : [];

const results = {};
/** Runs one step, timing it; `step` resolves to { ok, counts? }. */
async function timed(name, step) {
  const started = Date.now();
  const result = await step();
  results[name] = { name, ...result, seconds: Math.round((Date.now() - started) / 1000) };
}

const integration = async () => {
  console.info(
    '\n━━ integration ━━ (streamed; lint, unit and build run beside it, the typecheck at low priority, e2e after)',
  );
  const ok = await runLive('npx', vitestArgs('integration', ['server']), problemsEnv('integration'));
  return { ok, counts: vitestCounts(path.join(reports, 'integration.json')) };
};
const beside = async () => {
  await timed('lint', async () => ({ ok: await runQuietly('lint', 'npx', ['biome', 'check', '.']) }));
  await timed('unit', async () => ({
    ok: await runQuietly('unit', 'npx', vitestArgs('unit', ['core', 'web']), problemsEnv('unit')),
    counts: vitestCounts(path.join(reports, 'unit.json')),
  }));
  await timed('build', async () => ({ ok: await runQuietly('build', 'npm', ['run', '--silent', 'build']) }));
};
const integrationDone = timed('integration', integration);
// The typecheck (one tsc per package, a core each, no time limit of its own) runs from the start at
// the lowest priority: it fills what the integration workers leave idle while they wait on the
// database, then what the browsers leave, instead of taking a core from the integration tests. Nothing
// waits for it but the summary.
const typecheckDone = timed('typecheck', async () => ({
  ok: await runQuietly('typecheck', 'npm', ['run', '--silent', 'typecheck'], {}, { lowPriority: true }),
}));
// The lanes' Nodes are fetched now, quietly; a failure here is the lane's to report when it runs.
const nodesFetched = new Promise((resolve) => {
  const child = spawn(process.execPath, [path.join(root, 'scripts/node-lanes.mjs'), '--fetch'], {
    cwd: root,
    stdio: 'ignore',
  });
  child.on('error', () => resolve(false));
  child.on('close', () => resolve(true));
});
await beside();
await integrationDone;

const e2e = timed('e2e', async () => {
  console.info('\n━━ e2e ━━');
  if (!results.build.ok) {
    console.error('e2e skipped: the build failed');
    return { ok: false };
  }
  if (!ensureChromium()) return { ok: false };
  const out = path.join(reports, 'e2e.json');
  const ok = await runLive('npx', ['playwright', 'test', '-c', 'packages/e2e/playwright.config.ts'], {
    E2E_JSON_REPORT: out,
  });
  return { ok, counts: playwrightCounts(out) };
});
// Streamed: node-lanes.mjs holds each lane's output back and prints it whole when the lane ends.
const nodeLanes = (async () => {
  await e2e;
  await nodesFetched;
  const started = Date.now();
  console.info(
    `\n━━ node lanes ━━ (${NODE_LANES.map((m) => `Node ${m}`).join(' and ')} side by side; printed as each ends)`,
  );
  // A failed build may leave an older dist behind: the smokes then fail rather than test it. The
  // lanes run side by side, one process each, with the machine to themselves: each is mostly one
  // core's work (a vitest worker, then one server), so two at once take little longer than one.
  await Promise.all(
    NODE_LANES.map((major) =>
      runLive(process.execPath, [path.join(root, 'scripts/node-lanes.mjs'), String(major)], {
        ROTABOARD_BUILD_FAILED: results.build.ok ? '' : '1',
      }),
    ),
  );
  for (const major of NODE_LANES) {
    const file = path.join(reports, `node${major}.json`);
    const lane = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    const name = `node ${lane?.version ?? major}`;
    results[`node${major}`] = lane
      ? { name, ok: lane.ok, counts: lane.counts, seconds: lane.seconds, problems: lane.problems }
      : {
          name,
          ok: false,
          seconds: Math.round((Date.now() - started) / 1000),
          problems: [{ where: 'lane', what: 'scripts/node-lanes.mjs ended without a result' }],
        };
  }
})();
await Promise.all([integrationDone, typecheckDone, e2e, nodeLanes]);

const total = { passed: 0, failed: 0, skipped: 0 };
console.info('\n━━ summary ━━');
console.info(`main lane on node ${process.versions.node}: lint, typecheck, unit, integration, build, e2e`);
const ordered = [
  'lint',
  'typecheck',
  'unit',
  'integration',
  'build',
  'e2e',
  ...NODE_LANES.map((major) => `node${major}`),
].map((name) => results[name]);
for (const r of ordered) {
  const counts = r.counts
    ? ` (${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped)`
    : '';
  console.info(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(12)} ${String(r.seconds).padStart(4)} s${counts}`);
  if (r.counts) for (const k of Object.keys(total)) total[k] += r.counts[k];
}
const failedSteps = ordered.filter((r) => !r.ok).map((r) => r.name);
if (failedSteps.length) console.info(`failed steps: ${failedSteps.join(', ')}`);
// What failed, repeated here because CI keeps only the end of the log: a hook or an unhandled error
// fails a step with every test passed, and a failure's report is far up among the other lane's lines.
const problems = {
  unit: vitestProblems('unit'),
  integration: vitestProblems('integration'),
  e2e: playwrightProblems(path.join(reports, 'e2e.json')),
  ...Object.fromEntries(ordered.filter((r) => r.problems).map((r) => [r.name, r.problems])),
};
for (const [name, list] of Object.entries(problems)) {
  for (const { where, what } of list.slice(0, 10))
    console.info(`  ${name}: ${where}\n${what.replace(/^/gm, '    ')}`);
}
// A failed step without test counts (lint, typecheck, build) still counts as a failure here.
const failed = total.failed + ordered.filter((r) => !r.ok && !r.counts?.failed).length;
console.info(`${total.passed} passed, ${failed} failed, ${total.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
