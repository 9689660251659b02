import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { publicPaths } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy, type AuthHeaders, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist, renders, holdRenders } from './web-dist.ts';

let t: TestApp;
let dist: string;
let base: string;
let headers: AuthHeaders;
let ctx: NewsContext;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist, CORS_ORIGINS: 'http://front.test' });
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  headers = await adminAuth(t.app);
  ctx = { app: t.app, headers, taxonomy: await createTaxonomy(t.app, headers) };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** A request over a real socket, so the HTTP server's hit server sees it. */
async function get(path: string, extra: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(base + path, { method, headers: extra });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/** A request whose body is read as sent (fetch would decompress it). */
function rawGet(path: string, extra: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + path, { headers: extra }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** Reads `path` twice: kept, then read since (decision 133). */
async function readLately(path: string) {
  await get(path);
  await get(path);
}

/** Headers that differ per answer by nature (time, connection), left out of comparisons. */
const comparable = (h: Headers) =>
  Object.fromEntries([...h.entries()].filter(([name]) => !['date', 'keep-alive'].includes(name)));

async function adminViews(id: string): Promise<number> {
  const res = await call(t.app, { method: 'GET', url: `/api/v1/news/get/${id}`, headers });
  return res.body.data.views as number;
}

describe('cache hits answered before the framework', () => {
  it('serve a page with the very status, headers and bytes the framework gave, without a render', async () => {
    const miss = await get('/?door=page');
    const before = renders();
    const served = t.app.hitServer.served;
    const hit = await get('/?door=page');
    expect(renders()).toBe(before);
    expect(t.app.hitServer.served).toBe(served + 1);
    expect(hit.status).toBe(200);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(comparable(hit.headers)).toEqual(comparable(miss.headers));
    expect(hit.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serve a public API answer in the encoding asked for, and 304 to a client that holds it', async () => {
    await createNews(ctx, { title: 'Kept for the hit server' });
    const miss = await get('/api/v1/u/get?page=1&limit=6');
    const served = t.app.hitServer.served;
    const hit = await rawGet('/api/v1/u/get?limit=6&page=1', { 'accept-encoding': 'br' });
    expect(t.app.hitServer.served).toBe(served + 1);
    expect(hit.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(hit.body).equals(miss.body)).toBe(true);
    const etag = String(hit.headers.etag);
    const again = await get('/api/v1/u/get?page=1&limit=6', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keep each encoding of a hit to its own headers, however the requests interleave', async () => {
    const miss = await get('/?door=encodings');
    const served = t.app.hitServer.served;
    // Pages are joined from pieces as they are served: gzip for whoever takes it, br or not.
    const browser = 'gzip, deflate, br';
    const asked = [browser, 'gzip', 'identity', 'br', 'gzip', browser, 'identity'];
    const etags = new Map<string, string>();
    for (const encoding of asked) {
      const hit = await rawGet('/?door=encodings', { 'accept-encoding': encoding });
      const sent = encoding.includes('gzip') ? 'gzip' : undefined;
      expect(hit.headers['content-encoding']).toBe(sent);
      const body = sent ? gunzipSync(hit.body) : hit.body;
      expect(body.equals(miss.body)).toBe(true);
      expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
      expect(hit.headers['content-security-policy']).toContain("default-src 'self'");
      const etag = String(hit.headers.etag);
      expect(etags.get(sent ?? 'identity') ?? etag).toBe(etag);
      etags.set(sent ?? 'identity', etag);
    }
    expect(new Set(etags.values()).size).toBe(2);
    const head = await get('/?door=encodings', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.body.length).toBe(0);
    expect(head.headers.get('etag')).toBe(etags.get('gzip'));
    expect(t.app.hitServer.served).toBe(served + asked.length + 1);
  });

  it('keep each encoding of a public API answer, brotli included', async () => {
    const list = '/api/v1/u/get?page=1&limit=6&door=api-encodings';
    const miss = await get(list);
    for (const encoding of ['br', 'gzip', 'identity']) {
      const hit = await rawGet(list, { 'accept-encoding': encoding });
      const body =
        encoding === 'br'
          ? brotliDecompressSync(hit.body)
          : encoding === 'gzip'
            ? gunzipSync(hit.body)
            : hit.body;
      expect(body.equals(miss.body)).toBe(true);
      expect(hit.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
  });

  it('count one view per GET of a kept article page and none per HEAD', async () => {
    const news = await createNews(ctx, { title: 'Viewed through the door' });
    for (let i = 0; i < 4; i++) expect((await get(`/news/${news.slug}`)).status).toBe(200);
    const head = await get(`/news/${news.slug}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(await adminViews(news._id)).toBe(4);
  });

  it('show a write at once: the next read is built anew', async () => {
    const news = await createNews(ctx, { title: 'Before the edit happens' });
    expect((await get(`/news/${news.slug}`)).body.toString()).toContain('Before the edit happens');
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      headers,
      payload: {
        title: 'After the edit happened',
        slug: news.slug,
        metaDescription: news.metaDescription,
        description: news.description,
        alt: news.alt,
        videoURL: news.videoURL,
        status: true,
        categoryId: news.categoryId,
        publisherId: news.publisherId,
      },
    });
    expect(res.status).toBe(200);
    expect((await get(`/news/${news.slug}`)).body.toString()).toContain('After the edit happened');
  });

  it('answer the previous copy of a page while the write rebuilds it, the new one once it answers', async () => {
    await readLately('/?door=stale');
    const release = holdRenders(dist);
    const before = renders();
    let written = false;
    const write = createNews(ctx, { title: 'Arrives while the page renders' }).then(
      () => (written = true),
    );
    try {
      await vi.waitFor(() => expect(renders()).toBeGreaterThan(before));
      const served = t.app.hitServer.served;
      const meanwhile = await get('/?door=stale');
      expect(t.app.hitServer.served).toBe(served + 1);
      expect(meanwhile.body.toString()).not.toContain('Arrives while the page renders');
      expect(written).toBe(false);
    } finally {
      release();
    }
    await write;
    const served = t.app.hitServer.served;
    expect((await get('/?door=stale')).body.toString()).toContain('Arrives while the page renders');
    expect(t.app.hitServer.served).toBe(served + 1);
  });

  it('answer a stale public API response with the previous copy while the cache builds it again', async () => {
    const list = '/api/v1/u/get?page=1&limit=6&door=refreshed';
    await readLately(list);
    const news = await createNews(ctx, { title: 'Listed by the rebuild' });
    const served = t.app.hitServer.served;
    expect((await get(list)).status).toBe(200);
    expect(t.app.hitServer.served).toBe(served + 1);
    await vi.waitFor(async () => expect((await get(list)).body.toString()).toContain(news.slug));
    expect(t.app.hitServer.served).toBeGreaterThan(served + 1);
  });

  it('leave a stale response of a route that names no read to its next request, then answer it', async () => {
    const corrections = '/api/v1/u/corrections?door=refreshed';
    await readLately(corrections);
    await createNews(ctx, { title: 'Makes the corrections list stale' });
    const served = t.app.hitServer.served;
    expect((await get(corrections)).status).toBe(200);
    expect(t.app.hitServer.served).toBe(served);
    expect((await get(corrections)).status).toBe(200);
    expect(t.app.hitServer.served).toBe(served + 1);
  });

  it('leave signed-in admins and cross-origin calls to the framework', async () => {
    await get('/?door=admin');
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(login.status).toBe(401);
    const before = renders();
    const served = t.app.hitServer.served;
    const withToken = await get('/api/v1/u/get?page=1&limit=6', { authorization: 'Bearer x' });
    expect(withToken.status).toBe(200);
    const crossOrigin = await get('/api/v1/u/get?page=1&limit=6', { origin: 'http://front.test' });
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBe('http://front.test');
    const signedIn = await get('/?door=admin', { cookie: 'refreshToken=not-a-session' });
    expect(signedIn.status).toBe(200);
    // Not a session after all: rendered for this request alone, never taken from the cache.
    expect(renders()).toBe(before + 1);
    expect(t.app.hitServer.served).toBe(served);
  });
});

describe('feeds and the news sitemap', () => {
  it('are answered from the cache before the framework once kept', async () => {
    await createNews(ctx, { title: 'In every feed' });
    const { category, subcategory } = ctx.taxonomy.names;
    const addresses = [
      publicPaths.newsSitemap(),
      publicPaths.feed(),
      publicPaths.feed(category),
      publicPaths.feed(category, subcategory),
    ];
    for (const address of addresses) {
      const first = await get(address);
      expect(first.status).toBe(200);
      const served = t.app.hitServer.served;
      const again = await get(address);
      expect(again.body.equals(first.body)).toBe(true);
      expect(t.app.hitServer.served).toBe(served + 1);
    }
  });
});

describe('sitemap files', () => {
  it('stay kept until a write touches them: a new article drops its month, not the pages file', async () => {
    const first = await createNews(ctx, { title: 'Listed in this month' });
    const month = first.createdAt.slice(0, 7);
    const file = `/sitemaps/news-${month}.xml`;
    // Answers and feeds are rebuilt by their next request after a write (decision 133).
    expect((await get(file)).body.toString()).toContain(`/news/${first.slug}<`);
    await get('/sitemaps/pages.xml');

    const served = t.app.hitServer.served;
    const second = await createNews(ctx, { title: 'Also listed this month' });
    const after = await get(file);
    expect(after.body.toString()).toContain(`/news/${second.slug}<`);
    expect(t.app.hitServer.served).toBe(served);
    await get('/sitemaps/pages.xml');
    expect(t.app.hitServer.served).toBe(served + 1);
  });

  it('made stale by a write, are built anew by their next request and answered before the framework after it', async () => {
    const first = await createNews(ctx, { title: 'Read often this month' });
    const file = `/sitemaps/news-${first.createdAt.slice(0, 7)}.xml`;
    await readLately(file);
    const second = await createNews(ctx, { title: 'Listed by the next request too' });
    const served = t.app.hitServer.served;
    expect((await get(file)).body.toString()).toContain(`/news/${second.slug}<`);
    expect((await get(file)).body.toString()).toContain(`/news/${second.slug}<`);
    expect(t.app.hitServer.served).toBe(served + 1);
  });
});
