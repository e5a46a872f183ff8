import { STORAGE_KEYS } from '@rotaboard/core/storage-keys';
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

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
 * The one way the app talks to the API: same-origin JSON with the session cookie. Resolves with the
 * parsed body (undefined for an empty one) or throws an ApiError.
 */
export async function apiRequest<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const init: RequestInit = { method, credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    reportNetworkFailure();
    throw new ApiError('Unable to connect to the server', 0);
  }

  if (!response.ok) {
    const error = await errorFromResponse(response);
    if (error.isNetworkError) reportNetworkFailure();
    else reportNetworkSuccess();
    if (response.status === 401) error.sessionEnded = handleUnauthorized(error.code);
    throw error;
  }

  reportNetworkSuccess();
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
  }
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
