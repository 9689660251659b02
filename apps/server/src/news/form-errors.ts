import { DomainError } from '../domain/errors.ts';

const NO_BOUNDARY =
  'The multipart form has no usable boundary: send Content-Type: multipart/form-data; boundary=… with a boundary of 1 to 70 characters';
const ENDED_EARLY =
  'The multipart form ended before its closing boundary: check that the body uses the boundary named in Content-Type, CRLF line endings, and arrived whole';
const MALFORMED = 'The multipart form is malformed and could not be read';

/**
 * The multipart parser (busboy) fails with bare errors that carry no code, only a message; the
 * client caused every one of them, so each becomes a 400 saying what to fix. Errors that already
 * carry a code (our own, or @fastify/multipart's limits) pass through unchanged.
 */
export function formReadError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  if (typeof (error as { code?: unknown } | null)?.code === 'string') return error;
  const message = error instanceof Error ? error.message : '';
  if (/boundary (not found|required)|needle/i.test(message)) {
    return new DomainError('BAD_REQUEST', NO_BOUNDARY);
  }
  if (/unexpected end|terminated early/i.test(message)) {
    return new DomainError('BAD_REQUEST', ENDED_EARLY);
  }
  return new DomainError('BAD_REQUEST', MALFORMED);
}

/** A field value cut at the parser's size limit would be stored silently shortened: refuse it. */
export const fieldTooLarge = (name: string, limitBytes: number) =>
  new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The form field "${name}" is too large: at most ${Math.floor(limitBytes / 1024)} KB`,
  );
