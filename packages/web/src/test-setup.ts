// The web project's tests run under Node, which has no page: the API client addresses the page's
// own origin (lib/api-client.ts), so give them one, as a browser would.
if (!('location' in globalThis)) {
  Object.defineProperty(globalThis, 'location', { value: new URL('http://rota.test/'), configurable: true });
}
