import type { ErrorBody } from '@rotaboard/core/contracts/common';
import { DomainError, ErrorCode, errorStatus } from '@rotaboard/core/errors/domain-error';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConcurrentWriteConflict } from '../lib/db-errors.ts';

/** A write that raced another lost (unique index, deadlock): nothing was written; trying again is safe. */
export const CONCURRENT_CHANGE_MESSAGE =
  'Someone else made the same change at the same moment. Reload and try again.';

/**
 * The one place errors become HTTP: DomainError codes map through core's `errorStatus`, zod
 * validation becomes 400 with a readable sentence, a lost race (unique index, deadlock) becomes 409, and nothing
 * unexpected leaks a stack trace.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof DomainError) {
        const body: ErrorBody = { message: error.message, code: error.code };
        if (error.retryAfterSeconds !== undefined) {
          body.retryAfterSeconds = error.retryAfterSeconds;
          reply.header('retry-after', String(error.retryAfterSeconds));
        }
        if (error.code === ErrorCode.RATE_LIMITED) body.isRateLimit = true;
        if (error.clashes) body.clashes = error.clashes;
        if (error.errors) body.errors = error.errors;
        return reply.status(errorStatus[error.code]).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'is not valid',
        }));
        const first = errors[0];
        const message = first ? readable(first.path, first.message) : 'The request is not valid';
        return reply.status(400).send({ message, code: ErrorCode.VALIDATION, errors } satisfies ErrorBody);
      }
      if (isConcurrentWriteConflict(error)) {
        return reply
          .status(409)
          .send({ message: CONCURRENT_CHANGE_MESSAGE, code: ErrorCode.CONFLICT } satisfies ErrorBody);
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        const retryAfterSeconds = Number(reply.getHeader('retry-after')) || undefined;
        return reply.status(429).send({
          message: 'Too many requests from this network. Please wait a few minutes and try again.',
          code: ErrorCode.RATE_LIMITED,
          isRateLimit: true,
          ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
        } satisfies ErrorBody);
      }
      if (status >= 400 && status < 500) {
        // Fastify's own client errors (malformed JSON, wrong content type, body too large).
        return reply
          .status(status)
          .send({ message: clientErrorMessage(error), code: error.code } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply
        .status(500)
        .send({ message: 'An unexpected error occurred', code: ErrorCode.INTERNAL } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);

function readable(path: string, message: string): string {
  // Our zod messages are written as sentences ("First name is required"); zod's defaults are not.
  if (/^[A-Z]/.test(message) || !path) return message;
  return `${path}: ${message}`;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'The request body must be JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      return error.message || 'The request is not valid';
  }
}
