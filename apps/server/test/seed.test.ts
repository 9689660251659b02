import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminNewsRow, NewsDto, PopularNewsDto } from '@newsroom/contract';
import { buildApp } from '../src/app.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;

const get = (url: string, headers: Record<string, string> = {}) =>
  call(t.app, { method: 'GET', url: `/api/v1${url}`, headers });

async function login() {
  const admin = t.app.demoAdmin;
  expect(admin).not.toBeNull();
  const res = await call(t.app, {
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: admin?.email, password: admin?.password },
  });
  return res;
}

async function bearer() {
  const res = await login();
  return { authorization: `Bearer ${res.body.data.accessToken as string}` };
}

describe('a start with SEED_DEMO=0', () => {
  it('leaves the database empty', async () => {
    const empty = await createTestApp();
    try {
      expect(empty.app.demoAdmin).toBeNull();
      const res = await call(empty.app, { method: 'GET', url: '/api/v1/u/category-list' });
      expect(res.body.data).toEqual([]);
    } finally {
      await empty.close();
    }
  });
});

describe('demo content on a first start', () => {
  // One PostgreSQL schema at a time in this file: the SEED_DEMO=0 app above is closed first.
  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: '1' });
  }, 60_000);
  afterAll(() => t.close());

  it('lists the spec’s categories, each with sub-categories', async () => {
    const res = await get('/u/category-list');
    expect(res.status).toBe(200);
    const categories = res.body.data as { name: string; subcategory: { name: string }[] }[];
    expect(categories.map((c) => c.name)).toEqual(
      expect.arrayContaining(['Law & Justice', 'Astrology', 'Spiritual', 'Entertainment', 'Crime']),
    );
    for (const category of categories)
      expect(category.subcategory.length).toBeGreaterThanOrEqual(2);
    const crime = categories.find((c) => c.name === 'Crime');
    expect(crime?.subcategory.map((s) => s.name)).toContain('Cyber Crime');
  });

  it('publishes at least 40 active articles, newest first', async () => {
    const res = await get('/u/get?page=1&limit=100');
    expect(res.status).toBe(200);
    expect(res.body.count).toBeGreaterThanOrEqual(40);
    const dates = (res.body.data as NewsDto[]).map((n) => n.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('keeps a few inactive articles out of the public list', async () => {
    const admin = await get('/news/get?page=1&limit=100', await bearer());
    const published = await get('/u/get?page=1&limit=100');
    const inactive = (admin.body.data.data as AdminNewsRow[]).filter((n) => !n.status);
    expect(inactive.length).toBeGreaterThanOrEqual(2);
    expect(admin.body.count).toBe(published.body.count + inactive.length);
  });

  it('serves every article image at its ImageURL as a JPEG', async () => {
    const res = await get('/u/get?page=1&limit=100');
    const images = (res.body.data as NewsDto[]).flatMap((n) => (n.Image ? [n.Image.ImageURL] : []));
    expect(images.length).toBeGreaterThanOrEqual(40);
    for (const url of images) {
      const image = await t.app.inject({ method: 'GET', url });
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\/jpeg/);
    }
  });

  it('includes video-only articles with a YouTube embed', async () => {
    const res = await get('/u/get?page=1&limit=100');
    const videoOnly = (res.body.data as NewsDto[]).filter((n) => n.Image === null);
    expect(videoOnly.length).toBeGreaterThanOrEqual(2);
    for (const news of videoOnly) {
      expect(news.videoURL).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
    }
  });

  it('creates a demo admin who can log in with the generated password', async () => {
    const res = await login();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: 'admin', email: 'admin@newsroom.local' });
  });

  it('seeds staff of each role and gives every story one of them as its author', async () => {
    const headers = await bearer();
    const staff = await get('/staff', headers);
    const people = staff.body.data as { _id: string; role: string }[];
    expect(new Set(people.map((p) => p.role))).toEqual(
      new Set(['admin', 'editor', 'author', 'contributor']),
    );
    const table = await get('/news/get?page=1&limit=100', headers);
    const rows = table.body.data.data as AdminNewsRow[];
    const ids = new Set(people.map((p) => p._id));
    const bylines = new Set<string>();
    for (const row of rows) {
      expect(row.authors).toHaveLength(1);
      expect(ids.has(row.authors[0]?._id ?? '')).toBe(true);
      bylines.add(row.authors[0]?.name ?? '');
    }
    // The stories are shared among several writers, none of them the contributor.
    expect(bylines.size).toBeGreaterThan(2);
    expect(bylines.has('Kabir Singh')).toBe(false);
  });

  it('gives every demo writer a short bio on their author page', async () => {
    const headers = await bearer();
    const staff = (await get('/staff', headers)).body.data as { slug: string }[];
    for (const { slug } of staff) {
      const page = await get(`/u/author/${slug}`, {});
      expect(page.status).toBe(200);
      expect((page.body.data.author.bio as string).length).toBeGreaterThan(20);
    }
  });

  it('gives the dashboard varied view counts and a few contact messages', async () => {
    const headers = await bearer();
    const popular = await get('/dashboard/popular-news', headers);
    const views = (popular.body.data as PopularNewsDto[]).map((n) => n.views);
    expect(views).toHaveLength(10);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(views[0]).toBeGreaterThan(views[9] ?? 0);
    const contacts = await get('/admin-contact/get?page=1&limit=10', headers);
    expect(contacts.body.count).toBeGreaterThanOrEqual(3);
  });

  it('does not seed again on a second start with the same data', async () => {
    const before = await get('/u/get?page=1&limit=1');
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const again = await buildApp(t.app.config, { logger: { level: 'info', stream } });
    try {
      expect(again.demoAdmin).toBeNull();
      const after = await call(again, { method: 'GET', url: '/api/v1/u/get?page=1&limit=1' });
      expect(after.body.count).toBe(before.body.count);
      expect(lines.join('')).not.toContain('Demo admin');
    } finally {
      await again.close();
    }
  });
});
