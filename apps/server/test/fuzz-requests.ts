import type { Random } from '../src/seed/random.ts';
import { BAD_JSON, CONTENT_TYPES, hostileJson, malformedForm, wrongJson } from './fuzz-bodies.ts';
import { request } from './raw-http.ts';

/*
 * Generated malformed requests for the fuzz test. Every one is wrong somewhere (address, query,
 * headers, framing, content type or body), so none may write anything; none is a valid input.
 */

export interface Route {
  method: string;
  url: string;
  admin: boolean;
}

export interface FuzzCase {
  label: string;
  method: string;
  path: string;
  bytes: Buffer;
}

/** The route table as `printRoutes({ commonPrefix: false })` draws it, as method and path pairs. */
export function parseRouteTree(printed: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of printed.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, url: stack.join('') });
    }
  }
  return routes;
}

const BAD_ESCAPES = ['%', '%zz', '%E0%A4', '%FF', '%C0%AF', '%%32'];
const ODD_SEGMENTS = ['..', '.', '%2e%2e', 'a%00b', '%F0%9F%93%B0', '%20', 'null', '-1', '1e309'];
const QUERIES = [
  '',
  '?page=abc',
  '?limit=-5',
  '?limit=1e999&page=0',
  '?page[]=1',
  '?a=1&a=2&a=3',
  '?category=%E0%A4',
  '?q=%',
  '?=',
  '?&&&',
  `?q=${'q'.repeat(4200)}`,
  '?category=null&anchor=',
];

function segment(rng: Random): string {
  const kind = rng.int(0, 6);
  if (kind === 0) return rng.pick(BAD_ESCAPES);
  if (kind === 1) return rng.pick(ODD_SEGMENTS);
  if (kind === 2) return 'i'.repeat(rng.pick([101, 1100, 5000]));
  if (kind === 3) return Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return Math.floor(rng.next() * 1e9).toString(36);
}

const pathOf = (route: Route, rng: Random) =>
  route.url
    .replace(/:[a-zA-Z]+/g, () => segment(rng))
    .replace('*', () => Array.from({ length: rng.int(0, 3) }, () => segment(rng)).join('/'));

/** Headers a client should never send; some Node's parser refuses before any route runs. */
function oddHeaders(rng: Random): [string, Record<string, string>] {
  const options: [string, Record<string, string>][] = [
    ['huge header', { 'x-filler': 'h'.repeat(17 * 1024) }],
    ['many headers', Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x-h${i}`, 'v']))],
    ['bad header value', { 'x-bad': 'a\u0001b' }],
    [
      'odd authorization',
      {
        authorization: rng.pick([
          'Bearer',
          'Basic eDp5',
          `Bearer ${'t'.repeat(3000)}`,
          'Bearer a.b.c',
        ]),
      },
    ],
    ['odd cookie', { cookie: rng.pick(['nr_access=x; nr_refresh=y', '=;=;', 'a'.repeat(4000)]) }],
    ['odd accept-encoding', { 'accept-encoding': 'br;q=2, gzip;q=-1, *;q=x' }],
    ['expect continue', { expect: '100-continue' }],
  ];
  return rng.pick(options);
}

/** One generated request against one route of the table. */
export function fuzzCase(rng: Random, routes: Route[], admin: Record<string, string>): FuzzCase {
  const route = rng.pick(routes);
  const method =
    rng.next() < 0.85
      ? route.method
      : rng.pick(['PATCH', 'OPTIONS', 'TRACE', 'PUT', 'DELETE', 'POST']);
  const path = pathOf(route, rng) + rng.pick(QUERIES);
  const headers: Record<string, string> = route.admin && rng.next() < 0.7 ? { ...admin } : {};
  let label = `${method} ${route.url}`;
  let body = '';
  const kind = rng.int(0, 10);
  if (kind === 10) {
    headers['content-type'] = 'application/json';
    const [name, json] = hostileJson(rng);
    body = json;
    label += ` ${name}`;
  } else if (kind <= 2) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(wrongJson(rng));
    label += ' wrong JSON';
  } else if (kind === 3) {
    headers['content-type'] = 'application/json';
    body = rng.pick(BAD_JSON);
    label += ' bad JSON';
  } else if (kind === 4) {
    headers['content-type'] = rng.pick(CONTENT_TYPES);
    body = 'a=1&b=<x/>';
    label += ` ${headers['content-type']}`;
  } else if (kind <= 6) {
    const [name, contentType, form] = malformedForm(rng);
    headers['content-type'] = contentType;
    body = form;
    label += ` form: ${name}`;
  } else if (kind === 7) {
    const [name, odd] = oddHeaders(rng);
    Object.assign(headers, odd);
    label += ` ${name}`;
  } else if (kind === 8) {
    headers['content-length'] = rng.pick(['abc', '-1', '1, 2']);
    headers['transfer-encoding'] = rng.pick(['chunked', 'gzip']);
    body = 'x';
    label += ' bad framing';
  }
  return {
    label: `${label} ${path.slice(0, 80)}`,
    method,
    path,
    bytes: request(method, path, headers, body),
  };
}

/** Bytes that are not an HTTP request at all. */
export function garbage(rng: Random): FuzzCase {
  const bytes = Buffer.from(
    rng.pick([
      'HELLO\r\n\r\n',
      'GET\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
      '\u0000\u0001\u0002\r\n\r\n',
      'GET /a b c HTTP/1.1\r\n\r\n',
    ]),
  );
  return { label: `garbage ${JSON.stringify(bytes.toString())}`, method: 'GET', path: '', bytes };
}
