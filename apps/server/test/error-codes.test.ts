import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, clientAddress } from './fixtures.ts';
import {
  createNews,
  createTaxonomy,
  images,
  multipart,
  newsCount,
  newsFields,
  uploadedFiles,
  type AuthHeaders,
  type Taxonomy,
} from './factories.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * Errors answer with a machine code next to the message, one code per kind of failure, and a
 * media store that cannot be written answers 503 and stores nothing.
 */

const t = await createTestApp();
afterAll(() => t.close());

let auth: AuthHeaders;
let taxonomy: Taxonomy;
beforeAll(async () => {
  auth = await adminAuth(t.app);
  taxonomy = await createTaxonomy(t.app, auth);
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  call(t.app, { method, url: `/api/v1${url}`, headers: auth, ...(payload ? { payload } : {}) });

describe('codes in the envelope', () => {
  it('NAME_TAKEN (409) for a duplicate name', async () => {
    const res = await api('POST', '/publisher/create', { name: taxonomy.names.publisher });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusCode: 409, data: null, code: 'NAME_TAKEN' });
  });

  it('IN_USE (409) for deleting a category that still has sub-categories', async () => {
    const res = await api('DELETE', `/category/delete/${taxonomy.categoryId}`);
    expect(res.body).toMatchObject({ statusCode: 409, code: 'IN_USE' });
  });

  it('SLUG_TAKEN (409) for a news slug in use', async () => {
    const news = await createNews({ app: t.app, headers: auth, taxonomy });
    const res = await api('POST', '/news/create', newsFields(taxonomy, { slug: news.slug }));
    expect(res.body).toMatchObject({ statusCode: 409, code: 'SLUG_TAKEN' });
  });

  it('NOT_FOUND (404) for an unknown record and for an unknown route', async () => {
    const record = await api('GET', '/subCategory/get/00000000-0000-4000-8000-000000000000');
    const route = await api('GET', '/no/such/route');
    expect(record.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(route.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('VALIDATION_FAILED (400) with every failing field', async () => {
    const res = await api('POST', '/subCategory/create', { name: '' });
    expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['name', 'categoryId']),
    );
  });

  it('TOO_MANY_REQUESTS (429) with Retry-After when a throttle is spent', async () => {
    const remoteAddress = clientAddress();
    const email = `nobody-${randomUUID()}@example.com`;
    const attempt = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'wrong-password' },
        remoteAddress,
      });
    for (let i = 0; i < 10; i++) await attempt();
    const res = await attempt();
    expect(res.body).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

/** Makes a folder unwritable even for root: permissions first, the immutable flag if needed. */
async function makeUnwritable(dir: string): Promise<() => Promise<void>> {
  await fs.chmod(dir, 0o555);
  const probe = path.join(dir, '.probe');
  const stillWritable = await fs.writeFile(probe, '').then(
    () => true,
    () => false,
  );
  if (!stillWritable) return () => fs.chmod(dir, 0o755);
  await fs.rm(probe);
  execFileSync('chattr', ['+i', dir]);
  return async () => {
    execFileSync('chattr', ['-i', dir]);
    await fs.chmod(dir, 0o755);
  };
}

describe('a media store that cannot be written', () => {
  it('answers 503 STORAGE_UNAVAILABLE for a news image and stores nothing', async () => {
    const newsDir = path.join(t.dataDir, 'uploads', 'news');
    await fs.mkdir(newsDir, { recursive: true });
    const filesBefore = await uploadedFiles(t.dataDir);
    const countBefore = await newsCount(t.app);
    const restore = await makeUnwritable(newsDir);
    try {
      const form = await multipart(newsFields(taxonomy), { bytes: await images.png() });
      const res = await call(t.app, {
        method: 'POST',
        url: '/api/v1/news/create',
        payload: form.payload,
        headers: { ...auth, ...form.headers },
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, data: null, code: 'STORAGE_UNAVAILABLE' });
      expect(res.body.message).toMatch(/storage is unavailable/i);
    } finally {
      await restore();
    }
    expect(await newsCount(t.app)).toBe(countBefore);
    expect(await uploadedFiles(t.dataDir)).toEqual(filesBefore);
  });
});
