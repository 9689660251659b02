import type { ErrorCode } from '../domain/errors.ts';

/** Codes only the HTTP layer raises: the request itself is unusable, whatever it asks for. */
export type RequestErrorCode =
  'URI_TOO_LONG' | 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'INTERNAL_ERROR';

/** Every `code` an answer of this server can carry. */
export type ResponseCode = ErrorCode | RequestErrorCode;

/** The one table from an error's code to the HTTP status it answers with. */
export const STATUS_OF_CODE: Record<ResponseCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  SLUG_TAKEN: 409,
  NAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  IN_USE: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  STORAGE_UNAVAILABLE: 503,
  DATABASE_UNAVAILABLE: 503,
  MAIL_UNAVAILABLE: 503,
};

/** For a client error of the framework that has no entry of its own: the code of its status. */
export function codeOfStatus(status: number): ResponseCode {
  const found = Object.entries(STATUS_OF_CODE).find(([, value]) => value === status);
  return found ? (found[0] as ResponseCode) : 'BAD_REQUEST';
}

/** The `{ statusCode, data, message, code }` envelope of an error answer. */
export function errorBody(code: ResponseCode, message: string, extra: object = {}) {
  return { statusCode: STATUS_OF_CODE[code], data: null, message, code, ...extra };
}
