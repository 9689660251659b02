import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy, newsFields, type NewsContext } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/** Renders started by the renderer stand-in (test/web-dist.ts) in this file's apps. */
const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;
const gateHolder = globalThis as { __renderGate?: Promise<void> };

/** Holds every render that starts from now until the returned function is called. */
function holdRenders(): () => void {
  let open = () => {};
  gateHolder.__renderGate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    delete gateHolder.__renderGate;
    open();
  };
}

let dist: string;
beforeAll(async () => {
  dist = await fakeDist();
});
afterAll(async () => {
  await fs.rm(dist, { recursive: true, force: true });
});

/** An app with its own database and a World section holding one story, its page kept. */
async function siteWithKeptSection(env: Record<string, string>) {
  const t = await createTestApp({ WEB_DIST: dist, ...env });
  const headers = await adminAuth(t.app);
  const ctx: NewsContext = {
    app: t.app,
    headers,
    taxonomy: await createTaxonomy(t.app, headers, { category: 'World' }),
  };
  const story = await createNews(ctx, { title: 'Harbour reopens' });
  const page = () => t.app.inject({ method: 'GET', url: '/section/World' });
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
  return { t, page, retitle };
}

/** A Sport section on the site, to write to while the World page is the one read. */
async function sportSection(app: NewsContext['app']): Promise<NewsContext> {
  const headers = await adminAuth(app);
  return { app, headers, taxonomy: await createTaxonomy(app, headers, { category: 'Sport' }) };
}

/** A site of its own for one describe block: made before its tests and closed after them. */
function siteForBlock(env: Record<string, string> = {}) {
  let made: Awaited<ReturnType<typeof siteWithKeptSection>> | undefined;
  beforeAll(async () => {
    made = await siteWithKeptSection(env);
  });
  afterAll(() => made?.t.close());
  const current = () => {
    if (!made) throw new Error('the site is made before the tests run');
    return made;
  };
  return {
    page: () => current().page(),
    retitle: (title: string) => current().retitle(title),
    get t() {
      return current().t;
    },
  };
}

describe('a page made stale by a write, while its replacement renders', () => {
  const site = siteForBlock();

  it('is rebuilt for the first reader, who waits and sees the write', async () => {
    await site.retitle('Harbour reopens at dawn');
    const before = renders();
    const first = await site.page();
    expect(renders() - before).toBe(1);
    expect(first.body).toContain('Harbour reopens at dawn');
  });

  it('is answered as it was to readers arriving during that render, then replaced', async () => {
    await site.retitle('Harbour reopens at noon');
    const release = holdRenders();
    const before = renders();
    const first = site.page();
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    const meanwhile = await site.page();
    expect(meanwhile.body).toContain('Harbour reopens at dawn');
    release();
    expect((await first).body).toContain('Harbour reopens at noon');
    const after = await site.page();
    expect(after.body).toContain('Harbour reopens at noon');
    expect(renders() - before).toBe(1);
  });
});

describe('a page made stale by a write, while its replacement renders, and another write comes', () => {
  const site = siteForBlock();

  it('is still answered as it was meanwhile when that write named only other answers', async () => {
    const sport = await sportSection(site.t.app);
    await site.retitle('Harbour reopens at dawn');
    const release = holdRenders();
    const before = renders();
    try {
      const first = site.page();
      await vi.waitFor(() => expect(renders()).toBe(before + 1));
      await createNews(sport, { title: 'Derby ends level' });
      // The render under way is still the World page's rebuild: readers get the copy from
      // before it rather than a render of their own, and wait for nothing.
      let meanwhile: Awaited<ReturnType<typeof site.page>> | undefined;
      void site.page().then((res) => (meanwhile = res));
      await vi.waitFor(() => expect(meanwhile).toBeDefined());
      expect(meanwhile?.body).toContain('Harbour reopens');
      expect(meanwhile?.body).not.toContain('at dawn');
      expect(renders()).toBe(before + 1);
      release();
      expect((await first).body).toContain('Harbour reopens at dawn');
      expect((await site.page()).body).toContain('Harbour reopens at dawn');
      expect(renders()).toBe(before + 1);
    } finally {
      release();
    }
  });
});

describe('a page read since it was kept, made stale by a write', () => {
  const site = siteForBlock();

  it('is rebuilt by the write, answered as it was meanwhile, and new once the write answers', async () => {
    await site.page();
    const release = holdRenders();
    const before = renders();
    let written = false;
    const write = site.retitle('Harbour reopens at dusk').then(() => (written = true));
    try {
      await vi.waitFor(() => expect(renders()).toBe(before + 1));
      const meanwhile = await site.page();
      expect(meanwhile.body).toContain('Harbour reopens');
      expect(meanwhile.body).not.toContain('at dusk');
      expect(written).toBe(false);
    } finally {
      release();
    }
    await write;
    const after = await site.page();
    expect(after.body).toContain('Harbour reopens at dusk');
    expect(renders() - before).toBe(1);
  });

  it("is dropped when its rebuild outlasts the write's wait: the next reader waits for it", async () => {
    await site.page();
    const release = holdRenders();
    const before = renders();
    let answered = false;
    let reader: Promise<unknown> = Promise.resolve();
    try {
      // The write answers after its bound (200 ms) though the render it started is held.
      await site.retitle('Harbour reopens at midnight');
      expect(renders()).toBe(before + 1);
      reader = site.page().then((res) => {
        answered = true;
        expect(res.body).toContain('Harbour reopens at midnight');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
    } finally {
      release();
    }
    await reader;
    expect(renders() - before).toBe(1);
  });
});

describe('a page whose render overlapped a write', () => {
  const site = siteForBlock();

  it('is kept as stale when the write named it: rebuilt next, and answered meanwhile', async () => {
    await site.retitle('Harbour reopens at dawn');
    let release = holdRenders();
    const before = renders();
    const first = site.page();
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    // A write to the same section while that render runs: what it made may miss the write.
    await site.retitle('Harbour reopens at noon');
    release();
    expect((await first).body).toContain('Harbour reopens at noon');
    // Not current: the next reader renders again, and one arriving meanwhile gets the copy
    // that render made, not the one from before both writes.
    release = holdRenders();
    const second = site.page();
    await vi.waitFor(() => expect(renders()).toBe(before + 2));
    expect((await site.page()).body).toContain('Harbour reopens at noon');
    release();
    expect((await second).body).toContain('Harbour reopens at noon');
  });

  it('is kept as current when the write named only other answers', async () => {
    const sport = await sportSection(site.t.app);
    const release = holdRenders();
    const before = renders();
    const first = site.t.app.inject({ method: 'GET', url: '/section/World?edition=late' });
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    await createNews(sport, { title: 'Derby ends level' });
    release();
    expect((await first).body).toContain('Harbour reopens');
    const again = await site.t.app.inject({ method: 'GET', url: '/section/World?edition=late' });
    expect(again.body).toContain('Harbour reopens');
    expect(renders()).toBe(before + 1);
  });
});

describe('with PAGE_CACHE_GRACE_MS=0', () => {
  const site = siteForBlock({ PAGE_CACHE_GRACE_MS: '0' });

  it('makes readers arriving during the render wait for the new page', async () => {
    await site.retitle('Harbour closes for the storm');
    const release = holdRenders();
    const before = renders();
    const first = site.page();
    await vi.waitFor(() => expect(renders()).toBe(before + 1));
    let answered = false;
    const meanwhile = site.page().finally(() => (answered = true));
    // Long enough for a kept answer to go out (a millisecond or so); it must not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    expect((await first).body).toContain('Harbour closes for the storm');
    expect((await meanwhile).body).toContain('Harbour closes for the storm');
    expect(renders() - before).toBe(1);
  });
});
