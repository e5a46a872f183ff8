import { HUB_PATH } from '@rotaboard/core/realtime/hub';
import { describe, expect, it, vi } from 'vitest';

// The socket the app really opens (no `createSocket`): Socket.IO's `io`, with what it was asked for.
const io = vi.hoisted(() =>
  vi.fn(() => ({
    connected: false,
    active: true,
    connect() {},
    disconnect() {},
    emit() {},
    on() {},
    removeAllListeners() {},
  })),
);
vi.mock('socket.io-client', () => ({ io }));

// The unit tests share their module cache (vitest.config.ts, isolate: false): another file may have
// loaded the real client already, so this one loads it afresh, with the mock.
vi.resetModules();
const { RealtimeClient } = await import('./realtime-client');

describe('the hub socket the web app opens', () => {
  it('asks for WebSocket first and long-polling only if that fails, with its own retries', () => {
    new RealtimeClient();
    expect(io).toHaveBeenCalledTimes(1);
    // WebSocket is one request any server process may take; long-polling first needs sticky sessions
    // behind a balancer (hub-balancer.integration.test.ts shows both).
    expect(io).toHaveBeenCalledWith({
      path: HUB_PATH,
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      withCredentials: true,
      reconnection: false,
      autoConnect: false,
    });
  });
});
