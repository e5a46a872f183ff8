import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  api,
  DEFAULT_ERROR_MESSAGE,
  isPlanLimitError,
  isStaleHashError,
  unwrap,
} from './api-client';
import { type AuthBroadcast, onAuthEvent, setIntentionalLogout, setLoggedIn } from './auth-events';
import { dismissConnectionIssue, getConnectionStatus } from './connection-status';

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the request to fail');
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setLoggedIn(false);
  setIntentionalLogout(false);
  dismissConnectionIssue();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The request the client handed to fetch. */
function sent(call = 0): Request {
  const [request] = fetchMock.mock.calls[call]!;
  if (!(request instanceof Request)) throw new Error('Expected a Request');
  return request;
}

describe('api', () => {
  it('sends JSON with the session cookie and returns the parsed body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Sent' }));
    await expect(unwrap(api.POST('/api/auth/login', { body: { email: 'a@b.co' } }))).resolves.toEqual({
      success: true,
      message: 'Sent',
    });
    const request = sent();
    expect(request.url).toBe('http://rota.test/api/auth/login');
    expect(request.credentials).toBe('include');
    expect(request.method).toBe('POST');
    expect(await request.text()).toBe(JSON.stringify({ email: 'a@b.co' }));
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Accept')).toBe('application/json');
  });

  it('fills the path and query from typed parameters, and sends no Content-Type without a body', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, []));
    await expect(
      unwrap(
        api.GET('/api/teams/{id}/shifts', {
          params: { path: { id: 'a b' }, query: { startDate: '2026-03-09', endDate: '2026-03-15' } },
        }),
      ),
    ).resolves.toEqual([]);
    const request = sent();
    expect(request.url).toBe(
      'http://rota.test/api/teams/a%20b/shifts?startDate=2026-03-09&endDate=2026-03-15',
    );
    expect(request.method).toBe('GET');
    expect(request.headers.get('Content-Type')).toBeNull();
  });

  it('resolves an empty body as undefined and a JSON null as null', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(unwrap(api.POST('/api/auth/logout'))).resolves.toBeUndefined();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, null));
    await expect(
      unwrap(api.GET('/api/teams/{id}/shifts/next', { params: { path: { id: 't1' } } })),
    ).resolves.toBeNull();
  });

  it('fails with the default message when a success is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 200 }));
    const error = await failure(unwrap(api.GET('/api/teams')));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBe(200);
  });

  it("carries the server's message and code", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { message: 'This link has expired', code: 'TOKEN_EXPIRED' }),
    );
    const error = await failure(
      unwrap(api.GET('/api/auth/verify/{token}', { params: { path: { token: 'abc' } } })),
    );
    expect(error.message).toBe('This link has expired');
    expect(error.status).toBe(400);
    expect(error.code).toBe('TOKEN_EXPIRED');
  });

  it('uses the default message when the body has none', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { code: 'FORBIDDEN' }));
    const error = await failure(unwrap(api.GET('/api/teams')));
    expect(error.message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(error.status).toBe(403);
  });

  it('falls back to the status text when the body cannot be read', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('<html>oops</html>', { status: 404, statusText: 'Not Found' }),
    );
    const error = await failure(api.request('get', '/api/nowhere' as never));
    expect(error.message).toBe('Not Found');
    expect(error.status).toBe(404);
  });

  it('gives status 0 and flags the connection when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(unwrap(api.GET('/api/auth/me')));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(getConnectionStatus()).toEqual({ hasIssue: true, isFailing: true });

    fetchMock.mockResolvedValueOnce(jsonResponse(200, {}));
    await unwrap(api.GET('/api/auth/me'));
    expect(getConnectionStatus()).toEqual({ hasIssue: true, isFailing: false });
  });

  it('flags the connection on a 5xx', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await failure(unwrap(api.GET('/api/teams')));
    expect(error.status).toBe(502);
    expect(getConnectionStatus().isFailing).toBe(true);
  });

  it('reads the rate-limit fields of a 429', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { message: 'A link was recently sent', retryAfterSeconds: 97, isRateLimit: true }),
    );
    const error = await failure(unwrap(api.POST('/api/auth/login', { body: { email: 'a@b.co' } })));
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(97);
    expect(error.isRateLimit).toBe(true);
    expect(error.message).toContain('recently sent');
    expect(getConnectionStatus().hasIssue).toBe(false);
  });

  describe('a 401', () => {
    let events: AuthBroadcast[];
    let unsubscribe: () => void;

    beforeEach(() => {
      events = [];
      unsubscribe = onAuthEvent((event) => events.push(event));
    });

    afterEach(() => unsubscribe());

    it('broadcasts an expired-session logout when the app believes it is logged in', async () => {
      setLoggedIn(true);
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Please log in' }));
      const error = await failure(unwrap(api.GET('/api/teams')));
      expect(error.status).toBe(401);
      expect(error.sessionEnded).toBe(true);
      expect(events).toEqual([{ type: 'logout', reason: 'expired' }]);
    });

    it('tells support mode’s end apart from an expired session, once', async () => {
      const stored = new Map<string, string>();
      vi.stubGlobal('localStorage', {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      });
      setLoggedIn(true);
      localStorage.setItem('impersonation', '{"expiresAt":"2026-01-01T00:00:00.000Z"}');
      fetchMock.mockResolvedValueOnce(
        jsonResponse(401, { message: 'Support mode has ended.', code: 'SUPPORT_MODE_ENDED' }),
      );
      const error = await failure(unwrap(api.GET('/api/teams')));
      expect(error.sessionEnded).toBe(true);
      expect(events).toEqual([{ type: 'logout', reason: 'support-ended' }]);
      // Once support mode has been left (no record), a late answer from before changes nothing.
      localStorage.removeItem('impersonation');
      setLoggedIn(true);
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Ended', code: 'SUPPORT_MODE_ENDED' }));
      expect((await failure(unwrap(api.GET('/api/teams')))).sessionEnded).toBe(false);
      expect(events).toHaveLength(1);
    });

    it('stays quiet when nobody is logged in', async () => {
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Please log in' }));
      const error = await failure(unwrap(api.GET('/api/auth/me')));
      expect(error.sessionEnded).toBe(false);
      expect(events).toEqual([]);
    });

    it('stays quiet during an intentional logout', async () => {
      setLoggedIn(true);
      setIntentionalLogout(true);
      fetchMock.mockResolvedValueOnce(jsonResponse(401, { message: 'Please log in' }));
      await failure(unwrap(api.POST('/api/auth/logout')));
      expect(events).toEqual([]);
    });
  });
});

describe('error kinds', () => {
  it('tells a stale record and a plan limit apart from other errors', () => {
    const stale = new ApiError('changed', 409, { code: 'STALE_HASH' });
    const conflict = new ApiError('taken', 409);
    const limit = new ApiError('Free plan', 403, { code: 'PLAN_LIMIT' });
    expect(isStaleHashError(stale)).toBe(true);
    expect(isStaleHashError(conflict)).toBe(false);
    expect(isPlanLimitError(limit)).toBe(true);
    expect(isPlanLimitError(stale)).toBe(false);
    expect(isPlanLimitError(new Error('x'))).toBe(false);
  });
});
