import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * How every e2e server runs: on loopback with its own data, a short resend window, no per-IP limit
 * in the way, and accounts at pro.example.com on Pro (for the Pro-only paths).
 */
export function testServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    MAGIC_LINK_RESEND_SECONDS: '3',
    AUTH_RATE_LIMIT_PER_IP: '10000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    PRO_EMAILS: '@pro.example.com',
    SUPPORT_EMAILS: 'agent@support.example.com',
  };
}

export type TestServer = { url: string; kill: () => Promise<void> };

/**
 * Starts a server of its own (the real `main.ts`, as `npm start` runs it) on `port` with its data in
 * `dataDir`, for tests that stop and start the server under a browser. Resolves once it is healthy.
 */
export async function startServer(port: number, dataDir: string): Promise<TestServer> {
  const url = `http://localhost:${port}`;
  const child: ChildProcess = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'packages/server/src/main.ts')],
    {
      cwd: repoRoot,
      // Its own process group, so kill() takes tsx and the node process it runs.
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, ...testServerEnv(port, dataDir) },
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server on ${port} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    // SIGKILL: a crash, not a graceful shutdown; the browser sees the connection drop.
    kill: async () => {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch (error) {
          // ESRCH: the group is already gone and its exit not yet reported; what kill() wants anyway.
          if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
        }
      }
      await exited;
    },
  };
}
