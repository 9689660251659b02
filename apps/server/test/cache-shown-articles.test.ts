import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NewsDto } from '@newsroom/contract';
import {
  createNews,
  createTaxonomy,
  newsFields,
  type AuthHeaders,
  type Taxonomy,
} from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/**
 * An article saved where it was (a new title) makes stale only what shows it (decision 133): the
 * lists, pages, shared parts and feeds that list it show the new title within a second, and those
 * that do not stay current, not built again. A move still makes every list it left or joined stale.
 */
let dist: string;
let t: TestApp;
let headers: AuthHeaders;
let world: Taxonomy;
let sport: Taxonomy;
let oldest: NewsDto;
const newer: NewsDto[] = [];

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  headers = await adminAuth(t.app);
  world = await createTaxonomy(t.app, headers, { category: 'World' });
  sport = await createTaxonomy(t.app, headers, { category: 'Sport' });
  const ctx = { app: t.app, headers, taxonomy: world };
  oldest = await createNews(ctx, { title: 'Harbour survey' });
  for (const n of [1, 2, 3]) newer.push(await createNews(ctx, { title: `Fresh story ${n}` }));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const text = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

async function save(article: NewsDto, taxonomy: Taxonomy, title: string) {
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${article._id}`,
    payload: newsFields(taxonomy, { title, slug: article.slug }),
    headers,
  });
  expect(res.status).toBe(200);
}

/** Within the second readers may be given a list's copy from before a write. */
const soon = { timeout: 1_500, interval: 50 };

describe('an article saved where it was', () => {
  it('leaves the lists that do not show it current: nothing is read again for them', async () => {
    const firstPage = '/api/v1/u/get?page=1&limit=2';
    const before = await text(firstPage);
    expect(before).toContain('Fresh story 3');
    expect(before).not.toContain('Harbour survey');
    const reads = vi.spyOn(t.app.services.news, 'publicList');
    try {
      await save(oldest, world, 'Harbour survey, revised');
      expect(await text(firstPage)).toBe(before);
      // A stale copy would have had its rebuild started by that read.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await text(firstPage)).toBe(before);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('shows the new title within a second wherever it is listed, after every save', async () => {
    const readAlso = `/news/${newer[2]?.slug}`;
    const showing = ['/api/v1/u/get?page=2&limit=2', '/rss.xml', '/', readAlso];
    for (const url of showing) expect(await text(url)).toContain('Harbour survey');
    // The second save finds the responses the first one had built again: they list it still.
    for (const title of ['Harbour survey, second look', 'Harbour survey, final word']) {
      await save(oldest, world, title);
      await vi.waitFor(async () => {
        for (const url of showing) expect(await text(url), url).toContain(title);
      }, soon);
    }
  });
});

describe('an article moved to another section', () => {
  it('leaves the lists of the one it left and joins those of the other within a second', async () => {
    const worldList = '/api/v1/u/get?category=World&limit=10';
    const sportList = '/api/v1/u/get?category=Sport&limit=10';
    expect(await text(worldList)).toContain('Harbour survey');
    expect(await text(sportList)).not.toContain('Harbour survey');
    await save(oldest, sport, 'Harbour survey, now sport');
    await vi.waitFor(async () => {
      expect(await text(sportList)).toContain('Harbour survey, now sport');
      expect(await text(worldList)).not.toContain('Harbour survey');
    }, soon);
  });
});
