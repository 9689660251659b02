import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.ts';
import { DomainError, databaseUnavailable } from '../domain/errors.ts';
import { STATUS_OF_CODE, codeOfStatus, errorBody, type ResponseCode } from './error-statuses.ts';
import { translateFrameworkError, translateParserError } from './framework-errors.ts';
import { RequestError } from './request-error.ts';

const SERVER_FAULT = 'Something went wrong on our side';
/** How much of an unknown address a 404 repeats back. */
const ECHOED_PATH_LENGTH = 200;

function sendError(reply: FastifyReply, code: ResponseCode, message: string, extra: object = {}) {
  return reply.status(STATUS_OF_CODE[code]).send(errorBody(code, message, extra));
}

/** Any error, from a service, the HTTP layer or the framework, as an answer in the envelope. */
function answer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const { errors, retryAfterSeconds, data } = error.details;
    if (retryAfterSeconds !== undefined) void reply.header('retry-after', retryAfterSeconds);
    // An outage (storage, database, mail) is ours to look into, even though the client is told.
    if (STATUS_OF_CODE[error.code] >= 500) request.log.warn({ err: error }, error.code);
    return sendError(reply, error.code, error.message, {
      ...(errors && { errors }),
      ...(data !== undefined && { data }),
    });
  }
  if (error instanceof RequestError) return sendError(reply, error.code, error.message);
  const { code, statusCode } = (error ?? {}) as Partial<FastifyError>;
  const known = translateFrameworkError(code);
  if (known) return sendError(reply, known.code, known.message);
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return sendError(reply, codeOfStatus(statusCode), (error as Error).message);
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or unreachable: nothing was changed, and a retry will do.
    request.log.warn(`database unavailable: ${(error as Error).message}`);
    void reply.header('retry-after', '5');
    return sendError(reply, 'DATABASE_UNAVAILABLE', databaseUnavailable().message);
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 'INTERNAL_ERROR', SERVER_FAULT);
}

/** One place turns every error into the response envelope; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => answer(error, request, reply));

  app.setNotFoundHandler(answerNotFound);
}

/** An address no route serves: 404 in the envelope, repeating (the start of) the address. */
export function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0] ?? '';
  const shown = path.length > ECHOED_PATH_LENGTH ? `${path.slice(0, ECHOED_PATH_LENGTH)}…` : path;
  return sendError(reply, 'NOT_FOUND', `No route ${request.method} ${shown}`);
}

/** Fastify's `frameworkErrors`: what the router refuses (bad %-escapes, over-long ids). */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  return answer(error, request, reply);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before any request exists. The
 * envelope is written straight to the socket while it is writable, then the connection closes,
 * because the parser cannot find where the next request would start.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { code, message } = translateParserError(error.code);
    const status = STATUS_OF_CODE[code];
    const body = JSON.stringify(errorBody(code, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
