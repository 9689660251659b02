import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { databaseUnavailable } from '../domain/errors.ts';
import { AppError } from './errors.ts';

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
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: nothing was changed, and a retry will do.
      request.log.warn(`database unavailable: ${error.message}`);
      const { message } = databaseUnavailable();
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ statusCode: 503, data: null, message });
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
