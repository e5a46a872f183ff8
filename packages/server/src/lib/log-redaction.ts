import type { FastifyRequest } from 'fastify';
import { UUID_TEXT } from './uuid-text.ts';

/**
 * What the logs may not keep: tokens from emailed links (a logged sign-in link is a key to the
 * account) and the values of failed queries (names, notes, addresses). The shape of each log line stays.
 */
const REDACTED = '[redacted]';
/** Link tokens are URL-safe base64 of 32 random bytes; ids are UUIDs and pass. */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{20,}$/;

/** The URL with every token-like path segment and every `token` query value replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2) as [string, string | undefined];
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_LIKE.test(segment) && !UUID_TEXT.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => (/^token=/i.test(pair) ? `token=${REDACTED}` : pair))
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Fastify's request log line, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

type LoggedError = Error & {
  code?: unknown;
  query?: unknown;
  params?: unknown;
  detail?: unknown;
  cause?: unknown;
};

/** A driver message without the quoted values it may echo ('invalid input syntax for type uuid: "…"'). */
const withoutValues = (message: string) =>
  message.replace(/"[^"]*"/g, '"…"').replace(/\([^)]*\)=\([^)]*\)/g, '(…)');

/**
 * An error for the log: type, message, stack and code; for a failed query (Drizzle's error, whose
 * message and `params` carry the values) the SQL text and the driver's code, never the values.
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as LoggedError;
  const failedQuery = typeof e.query === 'string' && 'params' in e;
  const message = failedQuery ? `Failed query: ${e.query}` : withoutValues(e.message);
  const stack = (e.stack ?? '').replace(e.message, message);
  const cause = e.cause instanceof Error ? (e.cause as LoggedError) : null;
  return {
    type: e.name,
    message,
    stack: failedQuery ? stack : withoutValues(stack),
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(cause
      ? {
          cause: {
            // Some libraries leave `name` as "Error" (Stripe's errors): their class says which one.
            type: cause.name === 'Error' ? cause.constructor.name : cause.name,
            message: withoutValues(cause.message),
            ...(cause.code !== undefined ? { code: cause.code } : {}),
          },
        }
      : {}),
  };
}
