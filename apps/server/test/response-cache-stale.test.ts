import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy, newsFields, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/**
 * Public API responses and feeds whose routes name their read (decision 133): after a write the
 * cache builds them again by calling that read when they are next asked for, while readers get
 * the previous copy.
 */
let dist: string;
let t: TestApp;
let ctx: NewsContext;
let storyId: string;
let storySlug: string;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  const headers = await adminAuth(t.app);
  ctx = {
    app: t.app,
    headers,
    taxonomy: await createTaxonomy(t.app, headers, { category: 'World' }),
  };
  const story = await createNews(ctx, { title: 'Harbour reopens' });
  storyId = story._id;
  storySlug = story.slug;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function retitle(title: string) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${storyId}`,
    payload: newsFields(ctx.taxonomy, { title, slug: storySlug }),
    headers: ctx.headers,
  });
  expect(res.status).toBe(200);
}

/**
 * Holds every call of a service's method until released, counting them: what a read of a route
 * does is seen, and a rebuild can be caught while it runs.
 */
function hold<T extends object, K extends keyof T>(service: T, method: K) {
  const original = (service[method] as (...args: unknown[]) => Promise<unknown>).bind(service);
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const spy = vi.spyOn(service, method as never).mockImplementation((async (...args: unknown[]) => {
    await gate;
    return original(...args);
  }) as never);
  return {
    calls: () => spy.mock.calls.length,
    release: () => {
      release();
    },
    restore: () => {
      release();
      spy.mockRestore();
    },
  };
}

const cases = [
  {
    what: 'a list API response',
    url: '/api/v1/u/get?page=1&limit=6',
    read: () => hold(t.app.services.news, 'publicList'),
  },
  {
    what: "the site's feed",
    url: '/rss.xml',
    read: () => hold(t.app.services.feedArticles, 'latest'),
  },
];

describe.each(cases)('$what made stale by a write', ({ url, read }) => {
  it('is rebuilt once, by the cache calling its read when next asked; readers meanwhile get the previous copy', async () => {
    const title = `Harbour reopens (${url})`;
    await retitle(title);
    expect((await get(url)).body).toContain(title);
    // The write answers without waiting for the response: it is rebuilt when next asked for.
    await retitle(`${title} at dusk`);
    const held = read();
    try {
      for (const reader of [1, 2]) {
        const meanwhile = await get(url);
        expect(meanwhile.statusCode, `reader ${reader}`).toBe(200);
        expect(meanwhile.body).toContain(title);
        expect(meanwhile.body).not.toContain('at dusk');
      }
      expect(held.calls()).toBe(1);
      held.release();
      await vi.waitFor(async () => expect((await get(url)).body).toContain(`${title} at dusk`));
      expect(held.calls()).toBe(1);
    } finally {
      held.restore();
    }
  });

  it('is rebuilt as its handler makes it: the same body and headers as an uncached answer', async () => {
    await retitle(`Harbour reopens again (${url})`);
    await get(url);
    const kept = await vi.waitFor(async () => {
      const answer = await get(url);
      expect(answer.body).toContain('Harbour reopens again');
      return answer;
    });
    // A signed-in request is never answered from the cache: its handler runs.
    const fresh = await t.app.inject({ method: 'GET', url, headers: ctx.headers });
    expect(kept.body).toContain('Harbour reopens again');
    expect(kept.body).toBe(fresh.body);
    for (const name of ['content-type', 'cache-control']) {
      expect(kept.headers[name]).toBe(fresh.headers[name]);
    }
  });
});

describe('a section feed whose section is renamed', () => {
  it('is not rebuilt under the old name: within a second its readers are sent to the new one', async () => {
    const feed = '/World/rss.xml';
    expect((await get(feed)).statusCode).toBe(200);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/category/update/${ctx.taxonomy.categoryId}`,
      payload: { name: 'Globe' },
      headers: ctx.headers,
    });
    expect(res.status).toBe(200);
    await vi.waitFor(
      async () => {
        const moved = await get(feed);
        expect(moved.statusCode).toBe(301);
        expect(moved.headers.location).toBe('/globe/rss.xml');
      },
      { timeout: 1_500 },
    );
  });
});
