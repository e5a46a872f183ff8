// Start-up on an existing data directory: the time from spawning the server to its first 200 from
// /api/health, for the compiled server (`npm start` runs `node packages/server/dist/main.js`) and for
// the TypeScript source run through tsx (how it started before), against a reference measured in the
// same run: a bare Fastify process answering the same route. Embedded PGlite (the default) and
// PostgreSQL. Issue 11 target: under 2 s. Writes bench/results/startup.json.
// Needs the build: `npm run build`, then `npx tsx bench/startup.bench.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNS = 5;
const TARGET_MS = 2000;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const compiled = path.join(root, 'packages/server/dist/main.js');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

if (!existsSync(compiled)) {
  console.error('The server is not built: run `npm run build` first.');
  process.exit(1);
}

const REFERENCE = `
  const app = require('fastify')();
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

let nextPort = 4700;
/** Milliseconds from spawn to the first 200 from /api/health. */
async function timeToHealthy(command: string, args: string[], env: Record<string, string>): Promise<number> {
  const port = nextPort++;
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > 60_000) throw new Error(`${args.join(' ')} did not start in 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function median(label: string, run: () => Promise<number>) {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(Math.round(await run()));
  const sorted = [...samples].sort((a, b) => a - b);
  const result = { medianMs: sorted[Math.floor(sorted.length / 2)]!, samplesMs: samples };
  console.info(label, result);
  return result;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'rotaboard-startup-'));
try {
  // The first start creates and migrates the data directory; every measured start reuses it.
  const first = Math.round(await timeToHealthy(process.execPath, [compiled], { DATA_DIR: dataDir }));
  const reference = await median('reference', () => timeToHealthy(process.execPath, ['-e', REFERENCE], {}));
  const pglite = await median('compiled, PGlite', () =>
    timeToHealthy(process.execPath, [compiled], { DATA_DIR: dataDir }),
  );
  const pgliteTsx = await median('tsx, PGlite', () =>
    timeToHealthy(tsx, ['packages/server/src/main.ts'], { DATA_DIR: dataDir }),
  );
  let postgres = null;
  try {
    postgres = await median('compiled, PostgreSQL', () =>
      timeToHealthy(process.execPath, [compiled], { DATA_DIR: dataDir, DATABASE_URL: POSTGRES }),
    );
  } catch (err) {
    console.warn(`PostgreSQL not measured: ${(err as Error).message}`);
  }
  const report = {
    benchmark: `spawn to the first 200 from /api/health on an existing data directory, median of ${RUNS}`,
    measuredAt: new Date().toISOString(),
    node: process.version,
    targetMs: TARGET_MS,
    firstStartCreatingTheDataDirectoryMs: first,
    reference,
    compiledPglite: { ...pglite, ofReference: +(pglite.medianMs / reference.medianMs).toFixed(2) },
    tsxPglite: pgliteTsx,
    compiledPostgres: postgres,
    verdict: {
      pgliteUnderTarget: pglite.medianMs < TARGET_MS,
      postgresUnderTarget: postgres ? postgres.medianMs < TARGET_MS : null,
    },
  };
  writeFileSync(path.join(here, 'results/startup.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.info(report.verdict);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
