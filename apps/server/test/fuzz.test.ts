import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { seededRandom } from '../src/seed/random.ts';
import { adminAuth } from './fixtures.ts';
import { createNews, createTaxonomy } from './factories.ts';
import { fuzzCase, garbage, parseRouteTree, type FuzzCase, type Route } from './fuzz-requests.ts';
import { createTestApp } from './helpers.ts';
import { exchange, request, type Exchange, type RawResponse } from './raw-http.ts';
import { fakeDist } from './web-dist.ts';

/*
 * A few thousand generated malformed requests over every route of the app, through a real
 * socket, each followed on the same connection by GET /-/health. None may answer 5xx, answer
 * outside the envelope, leave its connection hanging, or write anything. The seed is printed;
 * FUZZ_SEED=<seed> replays a run.
 */

const SEED = process.env.FUZZ_SEED ?? 'newsroom-fuzz-1';
const REQUESTS = 3000;
const PARALLEL = 8;
const TABLES = [
  'categories',
  'subcategories',
  'anchors',
  'publishers',
  'news',
  'contacts',
  'admins',
  'otps',
  'refresh_tokens',
] as const;

const dist = await fakeDist();
const t = await createTestApp({ WEB_DIST: dist });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const admin = await adminAuth(t.app);
const taxonomy = await createTaxonomy(t.app, admin);
await createNews({ app: t.app, headers: admin, taxonomy });

async function counts() {
  const db = t.app.db.kysely;
  const rows = await Promise.all(
    TABLES.map((table) =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ),
  );
  const uploads = await fs.readdir(`${t.dataDir}/uploads`, { recursive: true });
  return { rows: rows.map((row) => Number(row.n)), uploads: uploads.sort() };
}

function routeTable(): Route[] {
  const adminKeys = new Set(t.app.adminRoutes.map((r) => `${r.method} ${r.url}`));
  const routes = parseRouteTree(t.app.printRoutes({ commonPrefix: false })).map((r) => ({
    ...r,
    admin: adminKeys.has(`${r.method} ${r.url}`),
  }));
  // Static files are served by plugins the route table does not show.
  for (const url of ['/uploads/*', '/assets/*', '/favicon.svg'])
    routes.push({ method: 'GET', url, admin: false });
  return routes;
}

/** The body as sent before compression: a client that accepts br or gzip may be sent either. */
function decoded(answer: RawResponse): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** The API's documentation answers documents (JSON, HTML, scripts) outside the envelope. */
const isDocumentation = (path: string) => /^\/api\/v1\/(?:openapi\.json|docs)(?:[/?]|$)/.test(path);

/** What is wrong with one answer, or null. */
function problem(answer: RawResponse, method: string, path: string): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 && isDocumentation(path)) return null;
  const json = (answer.headers['content-type'] ?? '').startsWith('application/json');
  const api = path.startsWith('/api/');
  if (method === 'HEAD' || (!json && !api)) return null;
  if (!json) return `answered ${answer.status} as ${answer.headers['content-type']}`;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(decoded(answer).toString()) as Record<string, unknown>;
  } catch {
    return 'answered JSON that does not parse';
  }
  if (!api && !('statusCode' in body)) return null; // /-/health answers its own JSON
  if (body.statusCode !== answer.status || !('data' in body) || typeof body.message !== 'string') {
    return `answered outside the envelope: ${answer.body.toString().slice(0, 120)}`;
  }
  if (answer.status >= 400 && typeof body.code !== 'string') return 'error without a code';
  return null;
}

function judge(fuzz: FuzzCase, result: Exchange): string[] {
  const found: string[] = [];
  if (result.hung) found.push('connection left hanging');
  if (result.responses.length === 0 && !result.hung) found.push('closed without an answer');
  result.responses.forEach((answer, i) => {
    const issue =
      i === 0 ? problem(answer, fuzz.method, fuzz.path) : problem(answer, 'GET', '/-/health');
    if (issue) found.push(issue);
  });
  return found.map((issue) => `${fuzz.label}: ${issue}`);
}

it(
  `answers ${REQUESTS} malformed requests in the envelope, never 5xx, never hanging (seed ${SEED})`,
  { timeout: 120_000 },
  async () => {
    const rng = seededRandom(SEED);
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(40);
    const cases = Array.from({ length: REQUESTS }, () =>
      rng.next() < 0.03 ? garbage(rng) : fuzzCase(rng, routes, admin),
    );
    const before = await counts();
    const failures: string[] = [];
    const next = request('GET', '/-/health');
    let cursor = 0;
    const worker = async () => {
      while (cursor < cases.length) {
        const fuzz = cases[cursor++] as FuzzCase;
        const result = await exchange(port, [{ data: Buffer.concat([fuzz.bytes, next]) }], {
          expect: 2,
          methods: [fuzz.method, 'GET'],
          timeoutMs: 5000,
        });
        failures.push(...judge(fuzz, result));
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    expect({ count: failures.length, first: failures.slice(0, 15) }).toEqual({
      count: 0,
      first: [],
    });
    expect(await counts()).toEqual(before);
  },
);
