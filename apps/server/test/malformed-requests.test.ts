import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from './fixtures.ts';
import {
  createTaxonomy,
  newsCount,
  newsFields,
  uploadedFiles,
  type AuthHeaders,
  type Taxonomy,
} from './factories.ts';
import { createTestApp } from './helpers.ts';
import { exchange, request, type RawResponse } from './raw-http.ts';

/*
 * Requests no form or client of ours would send, over a real socket: each answers a 4xx in the
 * envelope, with a code and a message saying what to fix, and writes nothing.
 */

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
afterAll(() => t.close());

let auth: AuthHeaders;
let taxonomy: Taxonomy;
beforeAll(async () => {
  auth = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, auth);
});

async function send(data: Buffer): Promise<RawResponse> {
  const result = await exchange(port, [{ data }], { expect: 1 });
  const [answer] = result.responses;
  if (!answer) throw new Error(`no answer (closed: ${result.closed}, hung: ${result.hung})`);
  return answer;
}

function envelope(answer: RawResponse) {
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body.toString()) as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode: answer.status, data: null });
  return body;
}

const BOUNDARY = 'fuzzboundary42';
const part = (name: string, value: string, eol = '\r\n') =>
  `--${BOUNDARY}${eol}content-disposition: form-data; name="${name}"${eol}${eol}${value}${eol}`;
const validParts = () =>
  Object.entries(newsFields(taxonomy))
    .map(([name, value]) => part(name, Array.isArray(value) ? value.join(',') : String(value)))
    .join('');

describe('malformed multipart on news create and update', () => {
  const cases: [string, string, string, number, RegExp][] = [
    ['no boundary', 'multipart/form-data', 'x', 400, /no usable boundary/],
    [
      'a boundary over 70 characters',
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
      'x',
      400,
      /no usable boundary/,
    ],
    [
      'a boundary the body does not use',
      `multipart/form-data; boundary=other`,
      '',
      400,
      /ended before its closing boundary/,
    ],
    [
      'a truncated body',
      `multipart/form-data; boundary=${BOUNDARY}`,
      '',
      400,
      /ended before its closing boundary/,
    ],
    [
      'LF-only line endings',
      `multipart/form-data; boundary=${BOUNDARY}`,
      'lf',
      400,
      /CRLF line endings/,
    ],
    [
      'too many fields',
      `multipart/form-data; boundary=${BOUNDARY}`,
      'fields',
      413,
      /too many fields/,
    ],
    [
      'a field over 512 KB',
      `multipart/form-data; boundary=${BOUNDARY}`,
      'big',
      413,
      /"description" is too large/,
    ],
  ];

  function bodyFor(kind: string): string {
    if (kind === 'lf') return validParts().replaceAll('\r\n', '\n') + `--${BOUNDARY}--\n`;
    if (kind === 'fields') {
      return (
        Array.from({ length: 60 }, (_, i) => part(`f${i}`, 'v')).join('') + `--${BOUNDARY}--\r\n`
      );
    }
    if (kind === 'big') return part('description', 'd'.repeat(600 * 1024)) + `--${BOUNDARY}--\r\n`;
    if (kind === '') return validParts().slice(0, -40);
    return kind;
  }

  for (const [label, contentType, kind, status, message] of cases) {
    for (const [method, path] of [
      ['POST', '/api/v1/news/create'],
      ['PUT', '/api/v1/news/update/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      it(`${method} with ${label} answers ${status} saying what to fix`, async () => {
        const answer = await send(
          request(method, path, { ...auth, 'content-type': contentType }, bodyFor(kind)),
        );
        expect(answer.status).toBe(status);
        expect(envelope(answer).message).toMatch(message);
        expect(await newsCount(t.app)).toBe(0);
        expect(await uploadedFiles(t.dataDir)).toEqual([]);
      });
    }
  }
});

describe('addresses and requests refused before any route runs', () => {
  const cases: [string, Buffer, number, string][] = [
    [
      'a malformed %-escape in an API path',
      request('GET', '/api/v1/u/news/%E0%A4%A'),
      400,
      'BAD_REQUEST',
    ],
    ['a malformed %-escape in a page path', request('GET', '/news/%zz'), 400, 'BAD_REQUEST'],
    [
      'a malformed %-escape in the query',
      request('GET', '/api/v1/u/get?category=%E0%A4'),
      400,
      'BAD_REQUEST',
    ],
    ['a 4 KB id', request('GET', `/api/v1/u/news/${'a'.repeat(4096)}`), 414, 'URI_TOO_LONG'],
    [
      'an id over 1024 characters',
      request('PUT', `/api/v1/category/update/${'i'.repeat(1500)}`, auth),
      414,
      'URI_TOO_LONG',
    ],
    [
      'an address over 4096 characters',
      request('GET', `/api/v1/u/get?q=${'q'.repeat(5000)}`),
      414,
      'URI_TOO_LONG',
    ],
    [
      'request headers over 16 KB',
      request('GET', `/api/v1/u/get?q=${'q'.repeat(17000)}`),
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'a body on a GET',
      request('GET', '/api/v1/u/get', { 'content-type': 'application/json' }, '{}'),
      400,
      'BAD_REQUEST',
    ],
    [
      'an unsupported content type',
      request('POST', '/api/v1/contact/create', { 'content-type': 'text/xml' }, '<a/>'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'malformed JSON',
      request('POST', '/api/v1/contact/create', { 'content-type': 'application/json' }, '{"a":'),
      400,
      'BAD_REQUEST',
    ],
    ['a NUL character in the path', request('GET', '/api/v1/u/news/a%00b'), 400, 'BAD_REQUEST'],
    [
      'a NUL character in a JSON text',
      request(
        'POST',
        '/api/v1/contact/create',
        { 'content-type': 'application/json' },
        '{"fullName":"a\\u0000b"}',
      ),
      400,
      'VALIDATION_FAILED',
    ],
    ['a request line that is not HTTP', Buffer.from('HELLO\r\n\r\n'), 400, 'BAD_REQUEST'],
    [
      'a malformed header line',
      Buffer.from('GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'),
      400,
      'BAD_REQUEST',
    ],
    [
      'a Content-Length that is not a number',
      request('POST', '/api/v1/contact/create', { 'content-length': 'abc' }, 'x'),
      400,
      'BAD_REQUEST',
    ],
  ];

  for (const [label, data, status, code] of cases) {
    it(`answers ${status} ${code} in the envelope for ${label}`, async () => {
      const answer = await send(data);
      expect(answer.status).toBe(status);
      const body = envelope(answer);
      expect(body.code).toBe(code);
      expect(String(body.message).length).toBeGreaterThan(10);
    });
  }
});
