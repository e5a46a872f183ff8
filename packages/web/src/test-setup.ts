// The web project's tests run under Node, which has no page: the API client addresses the page's
// own origin (lib/api-client.ts), so give them one, as a browser would.
if (!('location' in globalThis)) {
  Object.defineProperty(globalThis, 'location', { value: new URL('http://rota.test/'), configurable: true });
}
// Node 25 and later have Web Storage of their own: a localStorage that warns at every touch unless
// started with --localstorage-file, and a sessionStorage kept for the whole worker. The tests stub the
// storage they use (vi.stubGlobal), and expect none otherwise, as on Node 20 to 24.
for (const name of ['localStorage', 'sessionStorage']) {
  if (Object.getOwnPropertyDescriptor(globalThis, name)?.get) {
    Object.defineProperty(globalThis, name, { value: undefined, configurable: true, writable: true });
  }
}
