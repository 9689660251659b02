import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorCode } from '../domain/errors.ts';
import { AppError } from './errors.ts';

/** The HTTP status of each domain error code. */
const domainStatus: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  GONE: 410,
  CONFLICT: 409,
  SLUG_TAKEN: 409,
  NAME_TAKEN: 409,
  IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  STORAGE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
};

/** Messages for the framework's own client errors, in words a client can act on. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported',
  FST_REQ_FILE_TOO_LARGE: 'Image size should not exceed 500KB',
  FST_FILES_LIMIT: 'Only one image may be uploaded',
  FST_PARTS_LIMIT: 'The form has too many parts',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not a multipart form',
};

/** One place turns every error into the response envelope; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const status = domainStatus[error.code];
      // The message is safe to show; the cause (a disk or bucket error) is for the operator.
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.code);
      const { errors, retryAfterSeconds } = error.details;
      if (retryAfterSeconds) void reply.header('retry-after', String(retryAfterSeconds));
      return reply.status(status).send({
        statusCode: status,
        data: null,
        message: error.message,
        ...(errors ? { errors } : {}),
      });
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        data: null,
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = frameworkMessages[error.code] ?? error.message;
      return reply.status(status).send({ statusCode: status, data: null, message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ statusCode: 500, data: null, message: 'Something went wrong on our side' });
  });

  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({
      statusCode: 404,
      data: null,
      message: `No route ${request.method} ${request.url.split('?')[0]}`,
    });
  });
}
