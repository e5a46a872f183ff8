import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is really acting during a request made in support mode: the agent, as the user. */
export type SupportActor = { agentId: string; agentName: string; userId: string; userName: string };

// Every write already names its user; in support mode the real actor is the agent. Rather than thread
// that through every service (and miss one), the support-mode hook runs the rest of the request inside
// this context and the audit repository and announcements read it.
const context = new AsyncLocalStorage<SupportActor>();

/** Runs `fn` (the rest of a request) with the agent recorded as the actor of its writes. */
export function runAsSupportActor<T>(actor: SupportActor, fn: () => T): T {
  return context.run(actor, fn);
}

/** The agent acting in the current request, or null outside support mode. */
export function currentSupportActor(): SupportActor | null {
  return context.getStore() ?? null;
}
