import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Transform } from 'node:stream';

/** A TCP port nothing listens on right now (the OS picks it). */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects after `timeoutMs`. */
export async function portOpen(port: number, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() - started > timeoutMs) throw new Error(`nothing listens on ${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves with the exit code (or signal) once the child has ended. */
export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}

export const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/**
 * A redis-server of the test's own on a spare port, so the test may stop and start it (an outage)
 * without touching anyone else's Redis. Nothing is saved to disk.
 */
export async function ownRedis() {
  const port = await sparePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await portOpen(port);
  };
  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await exited(running);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/**
 * A TCP forwarder to `target` that the test can cut (every connection dropped, new ones refused) and
 * restore: a database or Redis "going away" and coming back without stopping the shared server. It can
 * also drop the connections and take new ones at once (a blip), and swallow what clients send that
 * matches a pattern (a command sent but never answered).
 */
export async function cuttableProxy(target: { host: string; port: number }) {
  const port = await sparePort();
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  let swallowing: RegExp | null = null;
  const swallowed: string[] = [];
  /** Clients' bytes on their way to the target, less what is being swallowed. */
  const filter = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        const text = swallowing ? chunk.toString('latin1') : '';
        if (swallowing?.test(text)) {
          swallowed.push(text);
          done();
        } else done(null, chunk);
      },
    });
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(target.port, target.host);
        open.add(inbound);
        open.add(outbound);
        inbound.pipe(filter()).pipe(outbound).pipe(inbound);
        const end = () => {
          inbound.destroy();
          outbound.destroy();
          open.delete(inbound);
          open.delete(outbound);
        };
        inbound.on('error', end).on('close', end);
        outbound.on('error', end).on('close', end);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();
  return {
    port,
    async cut() {
      const running = server;
      server = null;
      for (const socket of open) socket.destroy();
      open.clear();
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    restore: listen,
    /** Every connection dropped; new ones are taken as before. */
    drop() {
      for (const socket of open) socket.destroy();
      open.clear();
    },
    /** From now on, what a client sends that matches `pattern` never reaches the target. */
    swallow(pattern: RegExp) {
      swallowing = pattern;
    },
    /** What was swallowed, as text. */
    swallowed,
    close() {
      return this.cut();
    },
  };
}
