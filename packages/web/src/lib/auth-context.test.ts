import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The session check (lib/auth-context.tsx) and its hint cookie (lib/session-hint.ts): a signed-out
// page asks nothing, and a hint the server has refused is dropped — but not when only the support
// agent's hour as a user is over, since the agent's own session is still good.

/** document.cookie as a browser keeps it: reading gives "a=1; b=2", writing sets or (Max-Age=0) deletes one. */
function cookieJar(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  return {
    jar,
    document: {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      },
      set cookie(line: string) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
        const [name = '', value = ''] = pair.split('=');
        if (attributes.some((attribute) => /^max-age=0$/i.test(attribute))) jar.delete(name);
        else jar.set(name, value);
      },
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const me = { success: true, user: { id: 'u1' }, needsProfileCompletion: false };
const fetchMock = vi.fn<typeof fetch>();
/** The address of the `call`th request (the API client hands fetch a Request). */
const urlOf = (call: number) => {
  const input = fetchMock.mock.calls[call]?.[0];
  return input instanceof Request ? input.url : String(input);
};

/** A fresh module each time: it remembers whether it has looked at the session before. */
async function freshFetchSession() {
  vi.resetModules();
  return (await import('./auth-context')).fetchSession;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the session check', () => {
  it('asks nothing without the hint: nobody is signed in', async () => {
    vi.stubGlobal('document', cookieJar({ theme: 'dark' }).document);
    const fetchSession = await freshFetchSession();
    expect(await fetchSession()).toEqual({ status: 'loggedOut' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks /api/auth/me with the hint, and keeps the hint while the session is good', async () => {
    const { jar, document } = cookieJar({ rotaboard_signed_in: '1' });
    vi.stubGlobal('document', document);
    fetchMock.mockResolvedValueOnce(json(200, me));
    const fetchSession = await freshFetchSession();
    expect(await fetchSession()).toMatchObject({ status: 'loggedIn', me: { user: { id: 'u1' } } });
    expect(urlOf(0)).toContain('/api/auth/me');
    expect(jar.has('rotaboard_signed_in')).toBe(true);
  });

  it('drops the hint when the server refuses the session, so the next load asks nothing', async () => {
    const { jar, document } = cookieJar({ rotaboard_signed_in: '1', theme: 'light' });
    vi.stubGlobal('document', document);
    fetchMock.mockResolvedValueOnce(
      json(401, { message: 'Please log in to continue', code: 'UNAUTHENTICATED' }),
    );
    const fetchSession = await freshFetchSession();
    expect(await fetchSession()).toEqual({ status: 'loggedOut' });
    expect([...jar.keys()]).toEqual(['theme']);
    expect(await fetchSession()).toEqual({ status: 'loggedOut' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('keeps the hint when only support mode is over, and reads the agent back in', async () => {
    const { jar, document } = cookieJar({ rotaboard_signed_in: '1' });
    vi.stubGlobal('document', document);
    fetchMock
      .mockResolvedValueOnce(json(401, { message: 'Support mode has ended', code: 'SUPPORT_MODE_ENDED' }))
      .mockResolvedValueOnce(json(200, { success: true }))
      .mockResolvedValueOnce(json(200, me));
    const fetchSession = await freshFetchSession();
    expect(await fetchSession()).toMatchObject({ status: 'loggedIn' });
    expect(urlOf(1)).toContain('/api/auth/impersonate/end');
    expect(jar.has('rotaboard_signed_in')).toBe(true);
  });
});
