import fs from 'node:fs/promises';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNews, newsContext, viewsInDatabase, within, type NewsContext } from './factories.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { HOUR_MS, MovableClock } from './movable-clock.ts';
import { fakeDist } from './web-dist.ts';

/**
 * Pages rendered by a render process (RENDER_PROCESSES, decision 079), on both databases: what
 * it renders, that it reads the site's writes and the site's clock, and that pages keep coming
 * when it dies. The renderer stand-in (test/web-dist.ts) counts its renders in the process that
 * runs it, so this process's count says whether a page was rendered here or there.
 */
const rendersHere = () => (globalThis as { __renders?: number }).__renders ?? 0;

let dist: string;
let t: TestApp;
let ctx: NewsContext;
const clock = new MovableClock();

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist, RENDER_PROCESSES: '1' }, { clock });
  ctx = await newsContext(t.app);
  await createNews(ctx, { title: 'Lighthouse keeper retires' });
  const started = await within(20_000, async () => t.app.renderProcesses.ready);
  if (!started) throw new Error('the render process did not start');
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });
const section = () => `/section/${encodeURIComponent(ctx.taxonomy.names.category)}`;

describe('a render process', () => {
  it('renders the pages, none of them on the main thread', async () => {
    const before = rendersHere();
    const home = await page('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Lighthouse keeper retires');
    expect(home.body).toContain(ctx.taxonomy.names.category);
    // Kept compressed as made by the process: the same document in each encoding.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const sent = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': encoding },
      });
      expect(sent.headers['content-encoding']).toBe(encoding);
      expect(decode(sent.rawPayload).toString()).toBe(home.body);
    }
    const missing = await page('/missing');
    expect(missing.statusCode).toBe(404);
    const moved = await page('/old');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/');
    expect(rendersHere()).toBe(before);
  });

  it('reads what the site wrote a moment before, and counts the views of its article pages', async () => {
    const listed = await page(section());
    expect(listed.body).not.toContain('Ferry timetable changes');
    const story = await createNews(ctx, { title: 'Ferry timetable changes' });
    expect((await page(section())).body).toContain('Ferry timetable changes');
    const article = await page(`/news/${story.slug}`);
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('<h1>Ferry timetable changes</h1>');
    await page(`/news/${story.slug}`);
    // Two page views, counted by the site (the process's own read of the article counts none).
    expect(await within(3000, async () => (await viewsInDatabase(t.app, story._id)) === 2)).toBe(
      true,
    );
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await viewsInDatabase(t.app, story._id)).toBe(2);
  });

  it('reads each page at the time of the site’s clock', async () => {
    const at = new Date(clock.now().getTime() + HOUR_MS).toISOString();
    const story = await createNews(ctx, { title: 'Comet seen over the bay', publishAt: at });
    expect((await page(section())).body).not.toContain('Comet seen over the bay');
    expect((await page(`/news/${story.slug}`)).statusCode).toBe(404);
    // The machine's clock is an hour short of the publication: only the handed time shows it.
    clock.advanceTo(at);
    expect((await page(section())).body).toContain('Comet seen over the bay');
    expect((await page(`/news/${story.slug}`)).statusCode).toBe(200);
  });

  it('is replaced when it dies, and pages render here meanwhile', async () => {
    const [pid] = t.app.renderProcesses.pids;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid ?? 0, 'SIGKILL');
    await within(5000, async () => !t.app.renderProcesses.pids.includes(pid ?? 0));
    const story = await createNews(ctx, { title: 'Harbour lights restored' });
    const here = rendersHere();
    const meanwhile = await page(section());
    expect(meanwhile.statusCode).toBe(200);
    expect(meanwhile.body).toContain('Harbour lights restored');
    expect(rendersHere()).toBeGreaterThan(here);

    expect(await within(20_000, async () => t.app.renderProcesses.ready)).toBe(true);
    expect(t.app.renderProcesses.pids).not.toContain(pid);
    const after = rendersHere();
    const article = await page(`/news/${story.slug}`);
    expect(article.body).toContain('<h1>Harbour lights restored</h1>');
    expect(rendersHere()).toBe(after);
  });
});
