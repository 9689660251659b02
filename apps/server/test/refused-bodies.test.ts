import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from './fixtures.ts';
import { createTestApp } from './helpers.ts';
import { exchange, request, type Exchange } from './raw-http.ts';

/*
 * A kept-alive client whose 200 KB body is refused before it is read gets its answer and then
 * either a connection that serves its next request or a closed one, never a silent wait.
 */

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
afterAll(() => t.close());

let auth: Record<string, string>;
beforeAll(async () => {
  auth = await adminAuth(t.app);
});

const BIG = 'x'.repeat(200 * 1024);
const NEXT = request('GET', '/-/health');
const BOUNDARY = 'kb';
const form = (firstPart: string) =>
  `--${BOUNDARY}\r\n${firstPart}\r\n--${BOUNDARY}\r\ncontent-disposition: form-data; name="description"\r\n\r\n${BIG}\r\n--${BOUNDARY}--\r\n`;

/** What is refused, its request, its status, and whether the refusal comes before the body is read. */
const refusals: [string, () => Buffer, number, boolean][] = [
  [
    'JSON to an admin route without a token (401)',
    () => request('POST', '/api/v1/category/create', { 'content-type': 'application/json' }, BIG),
    401,
    true,
  ],
  [
    'JSON to an unknown route (404)',
    () =>
      request(
        'POST',
        '/api/v1/nowhere',
        { 'content-type': 'application/json' },
        JSON.stringify(BIG),
      ),
    404,
    false,
  ],
  [
    'an unsupported content type (415)',
    () => request('POST', '/api/v1/contact/create', { 'content-type': 'text/xml' }, BIG),
    415,
    true,
  ],
  [
    'a news form refused at its first part (400)',
    () =>
      request(
        'POST',
        '/api/v1/news/create',
        { ...auth, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        form('content-disposition: form-data; name="other"; filename="a.txt"\r\n\r\nhello'),
      ),
    400,
    true,
  ],
  [
    'a chunked body to an admin route without a token (401)',
    () =>
      request(
        'POST',
        '/api/v1/news/create',
        { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        `${BIG.length.toString(16)}\r\n${BIG}\r\n0\r\n\r\n`,
      ),
    401,
    true,
  ],
];

/** The refused request's answer, then the next request's answer or a close. */
function expectSettled(result: Exchange, status: number) {
  expect(result.hung).toBe(false);
  expect(result.responses[0]?.status).toBe(status);
  const next = result.responses[1];
  const outcome = next ? `answered ${next.status}` : result.closed ? 'closed' : 'nothing';
  expect(['answered 200', 'closed']).toContain(outcome);
}

describe('refused bodies on a kept-alive connection', () => {
  for (const [label, build, status] of refusals) {
    it(`answers ${label} and keeps the connection usable or closes it, sent at once`, async () => {
      const result = await exchange(port, [{ data: Buffer.concat([build(), NEXT]) }], {
        expect: 2,
        methods: ['POST', 'GET'],
      });
      expectSettled(result, status);
    });
  }

  for (const [label, build, status] of refusals.filter(([, , , early]) => early)) {
    it(`answers ${label} before the body is sent, then serves or closes`, async () => {
      const whole = build();
      const headEnd = whole.indexOf('\r\n\r\n') + 4;
      const result = await exchange(
        port,
        [
          { data: whole.subarray(0, headEnd + 100) },
          { data: Buffer.concat([whole.subarray(headEnd + 100), NEXT]), afterAnswers: 1 },
        ],
        { expect: 2, methods: ['POST', 'GET'] },
      );
      expectSettled(result, status);
    });
  }

  it('closes the connection after refusing a body declared over 1 MB', async () => {
    const result = await exchange(
      port,
      [
        {
          data: request('POST', '/api/v1/contact/create', {
            'content-type': 'application/json',
            'content-length': String(5 * 1024 * 1024),
          }),
        },
      ],
      { expect: 2, methods: ['POST'] },
    );
    expect(result.responses.map((r) => r.status)).toEqual([413]);
    expect(result.closed).toBe(true);
  });

  it('stops reading a refused chunked body after 1 MB and closes the connection', async () => {
    const chunk = 'y'.repeat(64 * 1024);
    const chunks = Array.from({ length: 48 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const result = await exchange(
      port,
      [
        {
          data: request(
            'POST',
            '/api/v1/category/create',
            { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
            `${chunks.join('')}0\r\n\r\n`,
          ),
        },
        { data: NEXT },
      ],
      { expect: 2, methods: ['POST', 'GET'] },
    );
    expect(result.responses.map((r) => r.status)).toEqual([401]);
    expect(result.closed).toBe(true);
  });
});
