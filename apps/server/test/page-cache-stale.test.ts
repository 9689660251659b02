import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy, newsFields, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { MovableClock } from './movable-clock.ts';
import { fakeDist, renders, holdRenders } from './web-dist.ts';

let dist: string;
beforeAll(async () => {
  dist = await fakeDist();
});
afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true });
});

/** An app with its own database and a World section holding one story, its page kept. */
async function siteWithKeptSection(clock = new MovableClock()) {
  const t = await createTestApp({ WEB_DIST: dist }, { clock });
  const headers = await adminAuth(t.app);
  const ctx: NewsContext = {
    app: t.app,
    headers,
    taxonomy: await createTaxonomy(t.app, headers, { category: 'World' }),
  };
  const story = await createNews(ctx, { title: 'Harbour reopens' });
  const page = () => t.app.inject({ method: 'GET', url: '/section/World' });
  const articlePage = (slug = story.slug) => t.app.inject({ method: 'GET', url: `/news/${slug}` });
  expect((await page()).body).toContain('Harbour reopens');
  const retitle = async (title: string) => {
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${story._id}`,
      payload: newsFields(ctx.taxonomy, { title, slug: story.slug }),
      headers,
    });
    expect(res.status).toBe(200);
  };
  return { t, ctx, clock, page, articlePage, retitle };
}

/** A Sport section on the site, to write to while the World page is the one read. */
async function sportSection(app: NewsContext['app']): Promise<NewsContext> {
  const headers = await adminAuth(app);
  return { app, headers, taxonomy: await createTaxonomy(app, headers, { category: 'Sport' }) };
}

/** A site of its own for one describe block: made before its tests and closed after them. */
function siteForBlock() {
  let made: Awaited<ReturnType<typeof siteWithKeptSection>> | undefined;
  beforeAll(async () => {
    made = await siteWithKeptSection();
  });
  afterAll(() => made?.t.close());
  return () => {
    if (!made) throw new Error('the site is made before the tests run');
    return made;
  };
}

/** Resolves true when `promise` settles within `ms`, false otherwise. */
const settlesWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describe('a list page read lately, made stale by a write', () => {
  const site = siteForBlock();

  it('is rebuilt by the write; readers meanwhile get the previous copy; the write answers once it is current', async () => {
    await site().page();
    const release = holdRenders(dist);
    const before = renders();
    let written = false;
    const write = site()
      .retitle('Harbour reopens at dusk')
      .then(() => (written = true));
    try {
      await vi.waitFor(() => expect(renders()).toBe(before + 1));
      const meanwhile = await site().page();
      expect(meanwhile.body).toContain('Harbour reopens');
      expect(meanwhile.body).not.toContain('at dusk');
      expect(written).toBe(false);
    } finally {
      release();
    }
    await write;
    expect((await site().page()).body).toContain('Harbour reopens at dusk');
    expect(renders() - before).toBe(1);
  });

  it('is not given out stale for more than a second: later readers wait for the rebuild', async () => {
    await site().page();
    const release = holdRenders(dist);
    const before = renders();
    const write = site().retitle('Harbour reopens at midnight');
    try {
      await vi.waitFor(() => expect(renders()).toBe(before + 1));
      expect((await site().page()).body).not.toContain('at midnight');
      site().clock.advance(1_000);
      const reader = site().page();
      expect(await settlesWithin(reader, 100)).toBe(false);
      release();
      expect((await reader).body).toContain('Harbour reopens at midnight');
    } finally {
      release();
    }
    await write;
    expect(renders() - before).toBe(1);
  });
});

describe('a list page whose rebuild is under way when more writes name it', () => {
  const site = siteForBlock();

  it('is rebuilt once more after that rebuild, for all of them, not once per write', async () => {
    await site().page();
    const release = holdRenders(dist);
    const before = renders();
    const writes: Promise<void>[] = [];
    try {
      writes.push(site().retitle('Harbour reopens on Monday'));
      await vi.waitFor(() => expect(renders()).toBe(before + 1));
      // Two more writes while that rebuild runs: it may miss them, so one more follows it.
      writes.push(site().retitle('Harbour reopens on Tuesday'));
      writes.push(createNews(site().ctx, { title: 'Ferries run again' }).then(() => undefined));
      await Promise.all(writes.slice(1));
    } finally {
      release();
    }
    await Promise.all(writes);
    await vi.waitFor(async () => {
      const { body } = await site().page();
      expect(body).toContain('Harbour reopens on Tuesday');
      expect(body).toContain('Ferries run again');
    });
    expect(renders() - before).toBe(2);
  });
});

describe("an article's own page, made stale by a write of it", () => {
  const site = siteForBlock();

  it('is never given out stale: its readers wait for the page as written', async () => {
    await site().articlePage();
    const release = holdRenders(dist);
    const before = renders();
    const write = site().retitle('Harbour reopens for good');
    try {
      // The article's page and its section's list, both read lately, are rebuilt by the write.
      await vi.waitFor(() => expect(renders()).toBeGreaterThan(before));
      const reader = site().articlePage();
      expect(await settlesWithin(reader, 100)).toBe(false);
      release();
      expect((await reader).body).toContain('Harbour reopens for good');
    } finally {
      release();
    }
    await write;
  });
});

describe('a page whose render overlapped a write', () => {
  const site = siteForBlock();

  it('is kept as stale when the write named it, and rebuilt', async () => {
    await site().retitle('Harbour reopens at dawn');
    const release = holdRenders(dist);
    const before = renders();
    const first = site().t.app.inject({ method: 'GET', url: '/section/World?edition=early' });
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    // A write to the same section while that render runs: what it made may miss the write.
    const write = site().retitle('Harbour reopens at noon');
    release();
    await write;
    expect((await first).body).toContain('Harbour reopens');
    await vi.waitFor(async () => {
      const again = await site().t.app.inject({
        method: 'GET',
        url: '/section/World?edition=early',
      });
      expect(again.body).toContain('Harbour reopens at noon');
    });
    expect(renders()).toBeGreaterThanOrEqual(before + 2);
  });

  it('is kept as current when the write named only other entries', async () => {
    const sport = await sportSection(site().t.app);
    const release = holdRenders(dist);
    const before = renders();
    const first = site().t.app.inject({ method: 'GET', url: '/section/World?edition=late' });
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    await createNews(sport, { title: 'Derby ends level' });
    release();
    expect((await first).body).toContain('Harbour reopens');
    const again = await site().t.app.inject({ method: 'GET', url: '/section/World?edition=late' });
    expect(again.body).toContain('Harbour reopens');
    expect(renders()).toBe(before + 1);
  });
});

describe('a part many pages share', () => {
  const site = siteForBlock();

  it("is rebuilt once per write: every kept article page shows the new 'Read this also' without a render", async () => {
    const { ctx, articlePage } = site();
    const first = await createNews(ctx, { title: 'Ferry timetable changes' });
    const second = await createNews(ctx, { title: 'Bridge works begin' });
    await articlePage(first.slug);
    await articlePage(second.slug);
    const before = renders();
    const third = await createNews(ctx, { title: 'Tram line extended' });
    // Kept pages of other articles: the new article shows in them with no render of theirs;
    // the one render is the section's list page, read lately.
    const [one, two] = [await articlePage(first.slug), await articlePage(second.slug)];
    expect(renders()).toBe(before + 1);
    for (const page of [one, two]) expect(page.body).toContain('Tram line extended');
    // Each leaves its own article out and shows at most three.
    expect(one.body).not.toMatch(/<li>Ferry timetable changes<\/li>/);
    expect(one.body).toMatch(/<li>Bridge works begin<\/li>/);
    expect(two.body).not.toMatch(/<li>Bridge works begin<\/li>/);
    expect((one.body.match(/<li>/g) ?? []).length).toBe(3 + ctxCategories(one.body));
    expect((await articlePage(third.slug)).body).toContain('<h1>Tram line extended</h1>');
  });
});

/** The menu's items in an article page of the stand-in renderer. */
function ctxCategories(body: string): number {
  const menu = /<ul class="menu">(.*?)<\/ul>/.exec(body)?.[1] ?? '';
  return (menu.match(/<li>/g) ?? []).length;
}
