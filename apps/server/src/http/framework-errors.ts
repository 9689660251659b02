import { IMAGE_MESSAGES } from '@newsroom/contract';
import type { ResponseCode } from './error-statuses.ts';

export interface Translated {
  code: ResponseCode;
  message: string;
}

const MALFORMED_ADDRESS =
  'The address contains a malformed %-escape; encode each part with encodeURIComponent';

/**
 * The errors Fastify and @fastify/multipart raise while reading a request, by their error
 * code, in words a client can act on. Anything missing here keeps the framework's own message.
 */
const FRAMEWORK: Record<string, Translated> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is empty but declared as JSON',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message:
      'This content type is not supported: send application/json, or multipart/form-data for a news form with an image',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request body does not match its Content-Length header',
  },
  FST_ERR_BAD_URL: { code: 'BAD_REQUEST', message: MALFORMED_ADDRESS },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URI_TOO_LONG', message: 'A part of the address is too long' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: IMAGE_MESSAGES.tooLarge },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Only one image may be uploaded' },
  FST_PARTS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many parts' },
  FST_FIELDS_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'The form has too many fields' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'The request is not a multipart form',
  },
  FST_PROTO_VIOLATION: {
    code: 'BAD_REQUEST',
    message: 'A form field may not be named __proto__, constructor or prototype',
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    code: 'BAD_REQUEST',
    message: 'A form field declared as JSON is not valid JSON',
  },
  FST_MP_PREMATURE_CLOSE: {
    code: 'BAD_REQUEST',
    message: 'The request was closed before the whole form arrived',
  },
};

export const translateFrameworkError = (code: string | undefined): Translated | undefined =>
  code === undefined ? undefined : FRAMEWORK[code];

/** Errors Node's HTTP parser raises before Fastify sees a request, by their error code. */
export function translateParserError(code: string | undefined): Translated {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      code: 'HEADERS_TOO_LARGE',
      message: 'The request line and headers are too large (at most 16 KB together)',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'ERR_HTTP_HEADERS_TIMEOUT') {
    return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive' };
  }
  return {
    code: 'BAD_REQUEST',
    message: 'The request is not valid HTTP/1.1 (malformed request line, header or body framing)',
  };
}

export { MALFORMED_ADDRESS };
