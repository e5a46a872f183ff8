/**
 * The one error model of Rotaboard. Services throw a DomainError with a code; the server's error
 * handler maps the code to an HTTP status in one place, and the web client parses the same body.
 */
export const ErrorCode = {
  VALIDATION: 'VALIDATION',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** An agent's hour as a user is over (or it was ended elsewhere): 401 until support mode is left. */
  SUPPORT_MODE_ENDED: 'SUPPORT_MODE_ENDED',
  FORBIDDEN: 'FORBIDDEN',
  FOREIGN_ORIGIN: 'FOREIGN_ORIGIN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  STALE_HASH: 'STALE_HASH',
  RULE_BROKEN: 'RULE_BROKEN',
  /** A hand edit would break a strict staffing rule (core staffing/): the message is the rule's sentence. */
  STAFFING_RULE: 'STAFFING_RULE',
  PLAN_LIMIT: 'PLAN_LIMIT',
  RATE_LIMITED: 'RATE_LIMITED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  TOKEN_USED: 'TOKEN_USED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  MAIL_FAILED: 'MAIL_FAILED',
  /** The billing provider (Stripe) could not be reached or refused the call. */
  BILLING_FAILED: 'BILLING_FAILED',
  UNAVAILABLE: 'UNAVAILABLE',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** HTTP status of each code; the server's error handler is the only reader. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  SUPPORT_MODE_ENDED: 401,
  FORBIDDEN: 403,
  FOREIGN_ORIGIN: 403,
  PLAN_LIMIT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STALE_HASH: 409,
  RULE_BROKEN: 422,
  STAFFING_RULE: 409,
  TOKEN_INVALID: 400,
  TOKEN_USED: 400,
  TOKEN_EXPIRED: 400,
  RATE_LIMITED: 429,
  MAIL_FAILED: 502,
  BILLING_FAILED: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterSeconds?: number;
  /** The schedule entries a change would clash with (approving time off over shifts). */
  readonly clashes?: { shiftId: string; shiftDate: string; description: string }[];
  /** The fields a rule refused, as zod's validation errors name them (a 400's `errors[]`). */
  readonly errors?: { path: string; message: string }[];

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      retryAfterSeconds?: number;
      clashes?: { shiftId: string; shiftDate: string; description: string }[];
      errors?: { path: string; message: string }[];
    } = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = options.retryAfterSeconds;
    if (options.clashes !== undefined) this.clashes = options.clashes;
    if (options.errors !== undefined) this.errors = options.errors;
  }
}
