import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api-schema';
import { broadcastAuthEvent, isIntentionalLogout, isLoggedIn, setLoggedIn } from './auth-events';
import { reportNetworkFailure, reportNetworkSuccess } from './connection-status';
import { readStorage } from './storage';

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred';

/** Error codes that come with a 5xx but mean the server answered, not that it cannot be reached. */
const ANSWERED_FAILURE_CODES = new Set(['MAIL_FAILED', 'BILLING_FAILED']);

export interface ApiErrorDetails {
  code?: string;
  retryAfterSeconds?: number;
  isRateLimit?: boolean;
  token?: string;
  errors?: { path: string; message: string }[];
  clashes?: { shiftId: string; shiftDate: string; description: string }[];
}

/** Every failed call: the server's message and status (0 when the server could not be reached). */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly retryAfterSeconds?: number;
  readonly isRateLimit?: boolean;
  readonly token?: string;
  readonly errors?: { path: string; message: string }[];
  /** Entries a change would clash with (approving time off over shifts). */
  readonly clashes?: { shiftId: string; shiftDate: string; description: string }[];
  /** This 401 ended the session: the app is already on its way to /login?expired=true. */
  sessionEnded = false;

  constructor(message: string, status: number, details: ApiErrorDetails = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (details.code !== undefined) this.code = details.code;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.isRateLimit !== undefined) this.isRateLimit = details.isRateLimit;
    if (details.token !== undefined) this.token = details.token;
    if (details.errors !== undefined) this.errors = details.errors;
    if (details.clashes !== undefined) this.clashes = details.clashes;
  }

  /** No answer, or the server (or a proxy in front of it) failed: the connection banner's concern. */
  get isNetworkError(): boolean {
    return this.status === 0 || (this.status >= 500 && !ANSWERED_FAILURE_CODES.has(this.code ?? ''));
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function pick<T>(
  body: Record<string, unknown>,
  key: string,
  type: 'string' | 'number' | 'boolean',
): T | undefined {
  const value = body[key];
  return typeof value === type ? (value as T) : undefined;
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(response.statusText || DEFAULT_ERROR_MESSAGE, response.status);
  }
  if (typeof body !== 'object' || body === null) {
    return new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
  }
  const record = body as Record<string, unknown>;
  const message = pick<string>(record, 'message', 'string');
  const details: ApiErrorDetails = {};
  const code = pick<string>(record, 'code', 'string');
  const retryAfterSeconds = pick<number>(record, 'retryAfterSeconds', 'number');
  const isRateLimit = pick<boolean>(record, 'isRateLimit', 'boolean');
  const token = pick<string>(record, 'token', 'string');
  if (code !== undefined) details.code = code;
  if (retryAfterSeconds !== undefined) details.retryAfterSeconds = retryAfterSeconds;
  if (isRateLimit !== undefined) details.isRateLimit = isRateLimit;
  if (token !== undefined) details.token = token;
  if (Array.isArray(record.errors)) details.errors = record.errors as { path: string; message: string }[];
  if (Array.isArray(record.clashes)) details.clashes = record.clashes as ApiErrorDetails['clashes'];
  return new ApiError(message?.trim() ? message : DEFAULT_ERROR_MESSAGE, response.status, details);
}

/**
 * A 401 on a session we believed in means it ended elsewhere: every tab signs out. In support mode
 * it means the agent's hour as the user is over (code SUPPORT_MODE_ENDED).
 */
function handleUnauthorized(code: string | undefined): boolean {
  if (!isLoggedIn() || isIntentionalLogout()) return false;
  // Requests still under way as support mode is left come back 401 SUPPORT_MODE_ENDED after it has
  // been left (the record is gone by then): that is old news, not the agent's own session ending.
  if (code === 'SUPPORT_MODE_ENDED' && !readStorage(STORAGE_KEYS.impersonation)) return false;
  setLoggedIn(false);
  broadcastAuthEvent({
    type: 'logout',
    reason: code === 'SUPPORT_MODE_ENDED' ? 'support-ended' : 'expired',
  });
  return true;
}

/**
 * The app's error handling, as the typed client's middleware: a failed answer (or none) becomes an
 * ApiError, the connection banner hears how the server answered, and a 401 on a session we believed
 * in signs every tab out.
 */
export const errorHandling: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) {
      const error = await errorFromResponse(response);
      if (error.isNetworkError) reportNetworkFailure();
      else reportNetworkSuccess();
      if (response.status === 401) error.sessionEnded = handleUnauthorized(error.code);
      throw error;
    }
    reportNetworkSuccess();
    // A body that is not JSON (a proxy's page) is an ApiError too, not a SyntaxError.
    const text = await response.text();
    if (text) {
      try {
        JSON.parse(text);
      } catch {
        throw new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
      }
    }
    const headers = new Headers(response.headers);
    headers.delete('Content-Length');
    return new Response(text || null, { status: response.status, statusText: response.statusText, headers });
  },
  onError() {
    reportNetworkFailure();
    return new ApiError('Unable to connect to the server', 0);
  },
};

/**
 * The one way the app talks to the API: same-origin JSON with the session cookie, each path, its
 * parameters, body and answer typed from the OpenAPI document (`api-schema.d.ts`, `npm run api:types`).
 * A failed call rejects with an ApiError; `unwrap` gives the answer's body.
 *
 * @example const shifts = await unwrap(api.GET('/api/teams/{id}/shifts', { params: { path: { id }, query: { startDate, endDate } } }));
 */
export const api = createClient<paths>({
  // Absolute on the page's own origin (a relative address is the same in a browser; tests give one).
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // The global fetch at call time, not at import (tests replace it).
  fetch: (request) => globalThis.fetch(request),
});
api.use(errorHandling);

/**
 * The body of a call through `api` (undefined for an empty one): the middleware has already turned
 * every failure into an ApiError, so only the success half of openapi-fetch's answer is left.
 */
export async function unwrap<R extends { data?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<Exclude<R['data'], undefined>> {
  const { data } = await call;
  return data as Exclude<R['data'], undefined>;
}

/** The message to show for a failed call: the server's words, or the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status !== 0 && error.message !== DEFAULT_ERROR_MESSAGE
    ? error.message
    : fallback;
}

/** 409 STALE_HASH: the record changed since it was read; the user should reload and try again. */
export function isStaleHashError(error: unknown): error is ApiError {
  return isApiError(error) && error.status === 409 && error.code === 'STALE_HASH';
}

/** 403 PLAN_LIMIT: the team owner's plan does not allow this; the message names the limit. */
export function isPlanLimitError(error: unknown): error is ApiError {
  return isApiError(error) && error.code === 'PLAN_LIMIT';
}
