import type { AddressInfo } from 'node:net';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRouteTree } from './fuzz-requests.ts';
import { createTestApp } from './helpers.ts';

/*
 * /api/v1/openapi.json, fetched over HTTP like any OpenAPI tool would, is a valid OpenAPI 3
 * document that lists every route of /api/v1 with its response schema (decision 092).
 */

const t = await createTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
afterAll(() => t.close());

const answer = await fetch(`${base}/api/v1/openapi.json`);
const raw = (await answer.json()) as Record<string, unknown>;
const document = raw as unknown as OpenAPIV3_1.Document;
const paths = document.paths ?? {};

/** The documentation itself: the document and its readable page, with the page's assets. */
const isDocumentation = (url: string) =>
  url === '/api/v1/openapi.json' || url === '/api/v1/docs' || url.startsWith('/api/v1/docs/');

type Method = 'get' | 'post' | 'put' | 'delete';

/** The 404 of unknown addresses under /api/v1 (answered in the API's scope, for CORS). */
const isNotFound = (url: string) => url === '/api/v1/*';

/** Every route the app serves under /api/v1, as OpenAPI writes it (`/news/get/{id}`). */
const apiRoutes = parseRouteTree(t.app.printRoutes({ commonPrefix: false }))
  .filter((route) => route.url.startsWith('/api/v1/') && !isDocumentation(route.url))
  .filter((route) => !isNotFound(route.url))
  .filter((route) => route.method !== 'HEAD')
  .map((route) => ({
    method: route.method.toLowerCase() as Method,
    path: route.url.replace(/:(\w+)/g, '{$1}'),
    admin: t.app.adminRoutes.some((r) => r.method === route.method && r.url === route.url),
  }));
const operation = (method: Method, path: string) => paths[path]?.[method];
const label = (route: { method: string; path: string }) =>
  `${route.method.toUpperCase()} ${route.path}`;

describe('the OpenAPI document', () => {
  it('answers raw JSON, outside the envelope', () => {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(raw).not.toHaveProperty('statusCode');
    expect(document.openapi).toMatch(/^3\./);
  });

  it('is valid OpenAPI 3', async () => {
    const result = await new Validator().validate(raw);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of /api/v1 with the schema of its success', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const undocumented = apiRoutes.filter((route) => {
      const responses = operation(route.method, route.path)?.responses ?? {};
      const ok = responses['200'] as OpenAPIV3_1.ResponseObject | undefined;
      return !ok?.content?.['application/json']?.schema && !responses['204'];
    });
    expect(undocumented.map(label)).toEqual([]);
  });

  it('documents nothing the app does not serve', () => {
    const served = new Set(apiRoutes.map(label));
    const documented = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !served.has(route))).toEqual([]);
  });

  it('names the bearer token on the admin routes, and only there', () => {
    const bearer = (route: (typeof apiRoutes)[number]) =>
      (operation(route.method, route.path)?.security ?? []).some((s) => 'bearerAuth' in s);
    expect(apiRoutes.filter((route) => route.admin !== bearer(route)).map(label)).toEqual([]);
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('groups the operations by the first segment of their path', () => {
    expect(operation('get', '/api/v1/news/get/{id}')?.tags).toEqual(['news']);
    expect(operation('get', '/api/v1/u/search')?.tags).toEqual(['u']);
  });

  it('describes the news forms as multipart or JSON, the picture as a file', () => {
    for (const [method, path] of [
      ['post', '/api/v1/news/create'],
      ['post', '/api/v1/news/add'],
      ['put', '/api/v1/news/update/{id}'],
    ] as const) {
      const body = operation(method, path)?.requestBody as OpenAPIV3_1.RequestBodyObject;
      expect(Object.keys(body.content)).toEqual(['multipart/form-data', 'application/json']);
      const form = body.content['multipart/form-data']?.schema as OpenAPIV3_1.SchemaObject;
      expect(form.properties?.image).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('describes the error envelope with the codes the server sends', () => {
    const responses = operation('get', '/api/v1/u/get')?.responses ?? {};
    const error = (responses['4XX'] as OpenAPIV3_1.ResponseObject).content?.['application/json']
      ?.schema as OpenAPIV3_1.SchemaObject;
    expect(error.required).toEqual(['statusCode', 'data', 'message', 'code']);
    expect((error.properties?.code as OpenAPIV3_1.SchemaObject).enum).toContain(
      'VALIDATION_FAILED',
    );
  });
});

describe('the documentation page', () => {
  it('loads from this origin alone, within the site’s Content-Security-Policy', async () => {
    const page = await fetch(`${base}/api/v1/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const url = new URL(asset, `${base}/api/v1/docs/`);
      expect(url.origin).toBe(base);
      const loaded = await fetch(url);
      // Read to the end, so the connection is free again when the app closes.
      await loaded.arrayBuffer();
      expect(loaded.status, url.pathname).toBe(200);
    }
    // The page reads the document from beside it and sends it to no outside validator.
    const initializer = await (
      await fetch(`${base}/api/v1/docs/static/swagger-initializer.js`)
    ).text();
    expect(initializer).toContain("url: resolveUrl('./json')");
    expect(initializer).toContain('validatorUrl: null');
    const copy = await fetch(`${base}/api/v1/docs/json`);
    expect(await copy.json()).toEqual(raw);
  });
});
