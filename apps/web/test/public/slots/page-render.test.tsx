import { describe, expect, it } from 'vitest';
import {
  PAGE_SIZE,
  READ_ALSO_COUNT,
  RELATED_NEWS_COUNT,
  slotMark,
  type PublicReads,
  type RenderRequest,
  type SlotName,
} from '@newsroom/contract';
import { render } from '../../../src/entry-server.tsx';
import type { PublicState } from '../../../src/public/hydration.ts';
import { createNews } from '../factories.ts';
import { fakeReads } from '../fake-reads.ts';
import { categories, newest } from './fixtures.ts';

const story = createNews({ slug: 'the-story', title: 'The story itself' });
const uncategorised = createNews({ slug: 'no-section', category: null });

function reads() {
  return fakeReads({
    categories,
    news: newest,
    articles: [story, uncategorised],
    hits: newest.map((article) => ({ ...article, snippet: 'a <mark>hit</mark>' })),
  });
}

async function renderPage(url: string, pageReads: PublicReads, extra: Partial<RenderRequest> = {}) {
  const result = await render({ url, publicUrl: 'http://localhost', reads: pageReads, ...extra });
  if (result.kind !== 'page') throw new Error('expected a page');
  const json = /<script[^>]*>(.*)<\/script>/s.exec(result.state)?.[1] ?? '{}';
  const state = JSON.parse(json) as PublicState;
  const queryKeys = state.query.queries.map((query) => query.queryKey);
  return { ...result, state, queryKeys };
}

const SLOT_NAMES: SlotName[] = ['menu', 'read-also', 'related'];

/** How many times the page's markup carries each slot's mark. */
function markCounts(html: string): Record<SlotName, number> {
  const counts = { menu: 0, 'read-also': 0, related: 0 };
  for (const name of SLOT_NAMES) counts[name] = html.split(slotMark(name)).length - 1;
  return counts;
}

const MENU_ONLY = { menu: 1, 'read-also': 0, related: 0 };
const NO_MARK = { menu: 0, 'read-also': 0, related: 0 };

describe('an article page', () => {
  it('lists the menu, ‘Read this also’ and ‘Related News’ as slots, each marked once', async () => {
    const pageReads = reads();
    const page = await renderPage('/news/the-story', pageReads);
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([
      { name: 'menu', current: null },
      { name: 'read-also', exclude: 'the-story', limit: READ_ALSO_COUNT },
      { name: 'related', category: 'Politics', exclude: 'the-story', limit: RELATED_NEWS_COUNT },
    ]);
    expect(markCounts(page.html)).toEqual({ menu: 1, 'read-also': 1, related: 1 });
    expect(page.html).toContain('The story itself');
  });

  it('reads the article alone: no news beside it, no categories in its state', async () => {
    const pageReads = reads();
    const page = await renderPage('/news/the-story', pageReads);
    expect(pageReads.calls).toEqual(['article the-story']);
    expect(page.state.page).toEqual({ id: 'article', slug: 'the-story' });
    expect(page.queryKeys).toEqual([['public', 'article', 'the-story']]);
    for (const other of newest) expect(page.html).not.toContain(other.title);
  });

  it('has no ‘Related News’ slot when the article has no category', async () => {
    const page = await renderPage('/news/no-section', reads());
    expect(page.slots.map((slot) => slot.name)).toEqual(['menu', 'read-also']);
    expect(markCounts(page.html)).toEqual({ menu: 1, 'read-also': 1, related: 0 });
  });

  it('is a 404 without slots when there is no such article', async () => {
    const page = await renderPage('/news/never-was', reads());
    expect(page.status).toBe(404);
    expect(page.slots).toEqual([]);
    expect(page.state.page).toEqual({ id: 'not-found' });
    expect(markCounts(page.html)).toEqual(NO_MARK);
  });

  it('is the 410 screen without slots when the article was deleted, reading nothing', async () => {
    const pageReads = reads();
    const page = await renderPage('/news/the-story', pageReads, { gone: true });
    expect(page.status).toBe(410);
    expect(page.slots).toEqual([]);
    expect(pageReads.calls).toEqual([]);
    expect(markCounts(page.html)).toEqual(NO_MARK);
  });
});

describe('the home and list pages', () => {
  it('the home page: the menu slot marking it, its news in the state, no categories read', async () => {
    const pageReads = reads();
    const page = await renderPage('/', pageReads);
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([{ name: 'menu', current: '/' }]);
    expect(markCounts(page.html)).toEqual(MENU_ONLY);
    expect(page.state.page).toEqual({ id: 'news-list', filter: {} });
    expect(page.queryKeys).toEqual([['public', 'news', null, null]]);
    expect(pageReads.calls.some((call) => call.startsWith('categories'))).toBe(false);
  });

  it('a category page: the menu slot marking its category, the section read by name', async () => {
    const pageReads = reads();
    const page = await renderPage('/politics', pageReads);
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([{ name: 'menu', current: '/politics' }]);
    expect(markCounts(page.html)).toEqual(MENU_ONLY);
    expect(pageReads.calls[0]).toBe('section politics');
    expect(page.queryKeys).toEqual([['public', 'news', 'Politics', null]]);
  });

  it('a sub-category page marks its category', async () => {
    const page = await renderPage('/politics/elections', reads());
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([{ name: 'menu', current: '/politics' }]);
    expect(page.queryKeys).toEqual([['public', 'news', 'Politics', 'Elections']]);
  });

  it('answer 404 without slots for a category that does not exist', async () => {
    const page = await renderPage('/astrology', reads());
    expect(page.status).toBe(404);
    expect(page.slots).toEqual([]);
    expect(markCounts(page.html)).toEqual(NO_MARK);
  });
});

describe('the other pages', () => {
  it('search: the menu slot and the results in the state', async () => {
    const pageReads = reads();
    const page = await renderPage('/search?q=harbour', pageReads);
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([{ name: 'menu', current: null }]);
    expect(markCounts(page.html)).toEqual(MENU_ONLY);
    expect(page.state.page).toEqual({ id: 'search', q: 'harbour' });
    expect(page.queryKeys).toEqual([['public', 'search', 'harbour']]);
    const query = { q: 'harbour', page: 1, limit: PAGE_SIZE.publicNews };
    expect(pageReads.calls).toEqual([`search ${JSON.stringify(query)}`]);
  });

  it('contact: the menu slot, nothing read', async () => {
    const pageReads = reads();
    const page = await renderPage('/contact-us', pageReads);
    expect(page.status).toBe(200);
    expect(page.slots).toEqual([{ name: 'menu', current: null }]);
    expect(markCounts(page.html)).toEqual(MENU_ONLY);
    expect(page.state.page).toEqual({ id: 'contact' });
    expect(page.queryKeys).toEqual([]);
    expect(pageReads.calls).toEqual([]);
  });

  it('about: the menu slot', async () => {
    const page = await renderPage('/about-us', reads());
    expect(page.slots).toEqual([{ name: 'menu', current: null }]);
    expect(markCounts(page.html)).toEqual(MENU_ONLY);
  });

  it('an unknown address: 404, no slots', async () => {
    const page = await renderPage('/no/such/page/here', reads());
    expect(page.status).toBe(404);
    expect(page.slots).toEqual([]);
    expect(markCounts(page.html)).toEqual(NO_MARK);
  });

  it('a read that fails: 500, no slots', async () => {
    const failing: PublicReads = {
      ...reads(),
      article: () => Promise.reject(new Error('database away')),
    };
    const page = await renderPage('/news/the-story', failing);
    expect(page.status).toBe(500);
    expect(page.slots).toEqual([]);
    expect(markCounts(page.html)).toEqual(NO_MARK);
  });
});

describe('renders side by side', () => {
  it('each read through its own reads', async () => {
    const first = fakeReads({ articles: [createNews({ slug: 'same', title: 'First site' })] });
    const second = fakeReads({ articles: [createNews({ slug: 'same', title: 'Second site' })] });
    const [a, b] = await Promise.all([
      renderPage('/news/same', first),
      renderPage('/news/same', second),
    ]);
    expect(a.html).toContain('First site');
    expect(b.html).toContain('Second site');
    expect(a.html).not.toContain('Second site');
  });
});
