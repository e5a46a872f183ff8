/**
 * Sign-in state shared by the API client and every open tab. A logout in one tab (or a session that
 * expired under any request) is broadcast so that every tab drops its user data at once. Tabs talk
 * over a BroadcastChannel, falling back to the `storage` event where that is missing.
 */
export type AuthBroadcast =
  | { type: 'logout'; reason: 'logout' | 'expired' | 'support-ended' }
  | { type: 'login' }
  /** Support mode started or ended: the browser is someone else now (docs/support.md). */
  | { type: 'switched' };
export type AuthEventSource = 'local' | 'remote';
type Listener = (event: AuthBroadcast, source: AuthEventSource) => void;

const CHANNEL_NAME = 'rotaboard-auth';
/** Written (then removed) only to fire `storage` events in other tabs; never read back. */
const STORAGE_EVENT_KEY = 'rotaboard-auth-event';

const listeners = new Set<Listener>();
let loggedIn = false;
let intentionalLogout = false;
let channel: BroadcastChannel | null | undefined;

function emit(event: AuthBroadcast, source: AuthEventSource): void {
  for (const listener of listeners) listener(event, source);
}

function isAuthBroadcast(value: unknown): value is AuthBroadcast {
  return typeof value === 'object' && value !== null && 'type' in value;
}

function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = null;
  if (typeof BroadcastChannel !== 'undefined') {
    try {
      channel = new BroadcastChannel(CHANNEL_NAME);
      channel.onmessage = (message: MessageEvent) => {
        if (isAuthBroadcast(message.data)) emit(message.data, 'remote');
      };
    } catch {
      channel = null;
    }
  }
  if (!channel && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== STORAGE_EVENT_KEY || !event.newValue) return;
      try {
        const data: unknown = JSON.parse(event.newValue);
        if (isAuthBroadcast(data)) emit(data, 'remote');
      } catch {
        // Not ours.
      }
    });
  }
  return channel;
}

/** Tells this tab and every other tab. */
export function broadcastAuthEvent(event: AuthBroadcast): void {
  emit(event, 'local');
  const ch = getChannel();
  if (ch) {
    ch.postMessage(event);
    return;
  }
  try {
    localStorage.setItem(STORAGE_EVENT_KEY, JSON.stringify({ ...event, at: Date.now() }));
    localStorage.removeItem(STORAGE_EVENT_KEY);
  } catch {
    // No storage: other tabs notice at their next request instead.
  }
}

export function onAuthEvent(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Whether the app currently believes a user is signed in (a 401 then means the session ended). */
export function isLoggedIn(): boolean {
  return loggedIn;
}

export function setLoggedIn(value: boolean): void {
  loggedIn = value;
}

/** While a logout we asked for is in flight, its 401s are expected and not a lost session. */
export function isIntentionalLogout(): boolean {
  return intentionalLogout;
}

export function setIntentionalLogout(value: boolean): void {
  intentionalLogout = value;
}
