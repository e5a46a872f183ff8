import http from 'node:http';
import net from 'node:net';

/**
 * A balancer without sticky sessions, as a test needs one: every request and every WebSocket upgrade
 * goes to the next target in turn, whatever went before it. `refuseUpgrades` stands for a proxy that
 * blocks WebSocket (403 to every upgrade).
 */
export async function roundRobinProxy(targets: string[], opts: { refuseUpgrades?: boolean } = {}) {
  const ports = targets.map((target) => Number(new URL(target).port));
  let turn = 0;
  const next = () => ports[turn++ % ports.length]!;
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: next(), method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // `on`, not `once`: a socket can fail again while its pipes unwind, and an 'error' with no listener
    // is an uncaught exception in the test's worker (a failed run with every test passed). An answer
    // already under way is cut, not ended: ending it while the upstream still pipes into it would
    // make the next write a write after end.
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  server.on('connection', track);
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    if (opts.refuseUpgrades) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect(next(), '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2)
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
