// Clients for the scale bench's fault scenarios, as a browser behind a balancer would be: the web
// app's own hub client (packages/web's RealtimeClient: its jittered retries, its resync on rejoining)
// over a socket that, like nginx's `proxy_next_upstream error`, tries the next process only when a
// connection is refused; and HTTP requests that do the same. With one port (nginx in front) they are
// plain clients of it.
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { HUB_PATH } from '@rotaboard/core/realtime/hub';
import { io, type Socket } from 'socket.io-client';
import type { HubSocket } from '../../packages/web/src/lib/realtime-client.ts';

/** Whether `err` (from fetch or a socket) is a refused connection: nothing listens on that port. */
export function isRefused(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; cause?: unknown; description?: unknown; error?: unknown };
  if (e.code === 'ECONNREFUSED') return true;
  // fetch wraps it in `cause`; socket.io-client's TransportError in `description`, whose ws event
  // holds it in `error`.
  return [e.cause, e.description, e.error].some((inner) => isRefused(inner, depth + 1));
}

/**
 * `attempt` on `ports`, starting at `first`: on a refused connection, the next port (as nginx's
 * `proxy_next_upstream error`); any other failure is the caller's to count. Returns what the port that
 * accepted gave, with its index among those tried (0: the first).
 */
async function onFirstAccepting<T>(
  ports: readonly number[],
  first: number,
  attempt: (port: number) => Promise<T>,
): Promise<{ value: T; port: number; tried: number }> {
  let lastError: unknown;
  for (let i = 0; i < ports.length; i += 1) {
    const port = ports[(first + i) % ports.length]!;
    try {
      return { value: await attempt(port), port, tried: i };
    } catch (err) {
      lastError = err;
      if (!isRefused(err)) throw err;
    }
  }
  throw lastError;
}

/**
 * GET (or anything idempotent) with fetch on `ports`, starting at `first`, moving on only on a refused
 * connection. Returns the response and the port that answered.
 */
export async function fetchBalanced(
  ports: readonly number[],
  first: number,
  pathAndQuery: string,
  init: RequestInit = {},
): Promise<{ res: Response; port: number; retried: boolean }> {
  const { value, port, tried } = await onFirstAccepting(ports, first, (p) =>
    fetch(`http://127.0.0.1:${p}${pathAndQuery}`, init),
  );
  return { res: value, port, retried: tried > 0 };
}

/** What httpBalanced answers: the status, the headers and the body as it came (still compressed). */
export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One request with node:http on `agent`, to the first of `ports` that accepts the connection, starting
 * at `first` (onFirstAccepting); any other failure, and no answer within `timeoutMs`, throws. The
 * bench's clients use it rather than fetch: undici's streams cost a screen host more CPU than the
 * servers their answers in the SIGKILL storm (the hosts at up to 1.5 of the 2 cores, the surviving
 * server at 0.7), and the bench's own process a fifth of a core for 50 POSTs a second — CPU taken from
 * the servers it measures, for the app and the reference alike.
 */
export async function httpBalanced(
  ports: readonly number[],
  first: number,
  request: {
    method?: 'GET' | 'POST';
    path: string;
    agent: HttpAgent;
    headers?: Record<string, string>;
    body?: string;
    timeoutMs?: number;
  },
): Promise<RawAnswer> {
  const sent = (port: number) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: request.path,
          method: request.method ?? 'GET',
          agent: request.agent,
          timeout: request.timeoutMs ?? 30_000,
          headers: {
            ...request.headers,
            ...(request.body !== undefined
              ? { 'content-length': String(Buffer.byteLength(request.body)) }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within the timeout')));
      req.on('error', reject);
      req.end(request.body);
    });
  return (await onFirstAccepting(ports, first, sent)).value;
}

// The changes' POSTs share one keep-alive agent.
const postAgent = new HttpAgent({ keepAlive: true });

/** POST `body` (JSON, or nothing) with httpBalanced; answers the status and the body's text. */
export async function postBalanced(
  ports: readonly number[],
  first: number,
  path: string,
  options: { body?: unknown; cookie?: string; timeoutMs?: number } = {},
): Promise<{ status: number; text: string }> {
  const answer = await httpBalanced(ports, first, {
    method: 'POST',
    path,
    agent: postAgent,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body === undefined ? '' : JSON.stringify(options.body),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  return { status: answer.status, text: answer.body.toString('utf8') };
}

type Listener = (...args: never[]) => void;

/**
 * A HubSocket (what RealtimeClient drives) whose every connect opens a fresh Socket.IO connection to
 * the first of `ports` that accepts it, starting at `first`. A refusal by the server itself (no
 * session) is not a refused connection and is passed on, as is a refusal by every port.
 */
export class BalancedHubSocket implements HubSocket {
  private socket: Socket | null = null;
  private readonly listeners: [string, Listener][] = [];
  /** The port of the open (or last) connection. */
  port: number;

  constructor(
    private readonly ports: readonly number[],
    private readonly first: number,
    private readonly cookie: string,
  ) {
    this.port = ports[first % ports.length]!;
  }

  get connected(): boolean {
    return this.socket?.connected ?? false;
  }

  get active(): boolean {
    return this.socket?.active ?? true;
  }

  /** Called each time the client asks for a connection: its first, and every retry after a drop. */
  onConnectAsked: (() => void) | null = null;

  connect(): void {
    this.onConnectAsked?.();
    this.open(0);
  }

  disconnect(): void {
    this.socket?.disconnect();
  }

  emit(event: string, ...args: unknown[]): void {
    this.socket?.emit(event, ...args);
  }

  on(event: string, listener: Listener): void {
    this.listeners.push([event, listener]);
    this.socket?.on(event, listener as never);
  }

  removeAllListeners(): void {
    this.listeners.length = 0;
    this.socket?.removeAllListeners();
  }

  private open(tried: number): void {
    if (this.socket) {
      this.socket.removeAllListeners();
      this.socket.disconnect();
    }
    this.port = this.ports[(this.first + tried) % this.ports.length]!;
    const socket = io(`http://127.0.0.1:${this.port}`, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: this.cookie },
    });
    this.socket = socket;
    for (const [event, listener] of this.listeners) {
      if (event !== 'connect_error') socket.on(event, listener as never);
    }
    socket.on('connect_error', (err: Error) => {
      if (socket !== this.socket) return;
      if (socket.active && isRefused(err) && tried + 1 < this.ports.length) {
        this.open(tried + 1);
        return;
      }
      for (const [event, listener] of this.listeners) {
        if (event === 'connect_error') (listener as (e: Error) => void)(err);
      }
    });
  }
}
