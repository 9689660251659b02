import { describe, expect, it } from 'vitest';
import { READ_ALSO_COUNT, RELATED_NEWS_COUNT } from '@newsroom/contract';
import { renderFragment } from '../../../src/entry-server.tsx';
import { createNews } from '../factories.ts';
import { categories, newest } from './fixtures.ts';
import { joinFragment } from './join.ts';
import { PREVIOUS_MARKUP } from './previous-markup.ts';

/** The joined markup as a document fragment, to read as a reader would. */
function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

const links = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);

describe('the menu fragment', () => {
  const fragment = renderFragment({ name: 'menu', categories, current: null });

  it('joins into the very list the pages rendered themselves, no category marked', () => {
    expect(joinFragment(fragment)).toBe(PREVIOUS_MARKUP.menu);
    expect(joinFragment(fragment)).not.toContain('aria-current');
  });

  it('names its items by category, with the sub-category lists menu-1 to menu-n', () => {
    expect(fragment.items.map((item) => item.slug)).toEqual([
      'Politics',
      'Sports',
      'Law & Justice',
    ]);
    const menu = parse(joinFragment(fragment));
    expect(links(menu)).toEqual([
      ['Home', '/'],
      ['Politics', '/politics'],
      ['Elections', '/politics/elections'],
      ['Parliament', '/politics/parliament'],
      ['Sports', '/sports'],
      ['Law & Justice', expect.stringMatching(/^\/law/)],
      ['Courts', expect.stringMatching(/^\/law.*\/courts$/)],
    ]);
    expect(menu.querySelector('#menu-1')?.getAttribute('aria-label')).toBe(
      'Politics sub-categories',
    );
    expect(menu.querySelector('#menu-2')).toBeNull(); // Sports has no sub-categories
    expect(menu.querySelector('#menu-3')?.textContent).toBe('Courts');
  });

  it('marks the page it is told is current: the home page, or a category', () => {
    const current = (path: string) =>
      [
        ...parse(
          joinFragment(renderFragment({ name: 'menu', categories, current: path })),
        ).querySelectorAll('a[aria-current="page"]'),
      ].map((a) => a.textContent);
    expect(current('/')).toEqual(['Home']);
    expect(current('/politics')).toEqual(['Politics']);
    expect(current('/sports')).toEqual(['Sports']);
  });

  it('has no items without categories', () => {
    const empty = renderFragment({ name: 'menu', categories: [], current: null });
    expect(empty.items).toEqual([]);
    expect(joinFragment(empty)).toBe('');
  });
});

describe('the ‘Read this also’ fragment', () => {
  it('joins into the very section the article pages rendered, dates in the site’s zone', () => {
    const kolkata = renderFragment({ name: 'read-also', articles: newest });
    expect(joinFragment(kolkata)).toBe(PREVIOUS_MARKUP.readAlsoKolkata);
    const losAngeles = renderFragment({
      name: 'read-also',
      articles: newest,
      timeZone: 'America/Los_Angeles',
    });
    expect(joinFragment(losAngeles)).toBe(PREVIOUS_MARKUP.readAlsoLosAngeles);
  });

  it('shows each article’s title, link and updated date', () => {
    const section = parse(joinFragment(renderFragment({ name: 'read-also', articles: newest })));
    expect(section.querySelector('h2')?.textContent).toBe('Read this also');
    const items = [...section.querySelectorAll('[data-testid="read-also"] > li')];
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual([
      '/news/harbour-reopens',
      '/news/bridge-vote',
      '/news/match-report',
    ]);
    expect(items.map((item) => item.textContent)).toEqual([
      'Harbour reopens & ferries <return>March 5, 2025',
      'A long title about the vote on the new bridge across the riverMarch 4, 2025',
      'VideoMatch reportNovember 3, 2024',
    ]);
  });

  it('leaves out the page’s own article and keeps at most the limit, of limit + 1 given', () => {
    const own = createNews({ slug: 'own-article' });
    const articles = [own, ...Array.from({ length: READ_ALSO_COUNT }, () => createNews())];
    const fragment = renderFragment({ name: 'read-also', articles });
    expect(fragment.items.map((item) => item.slug)).toEqual(articles.map((a) => a.slug));
    const joined = parse(
      joinFragment(fragment, { exclude: 'own-article', limit: READ_ALSO_COUNT }),
    );
    const hrefs = [...joined.querySelectorAll('li > a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(articles.slice(1).map((a) => `/news/${a.slug}`));
  });

  it('joins nothing when the page’s own article is the only one', () => {
    const alone = renderFragment({ name: 'read-also', articles: newest.slice(0, 1) });
    expect(alone.items).toHaveLength(1);
    expect(joinFragment(alone, { exclude: 'harbour-reopens', limit: READ_ALSO_COUNT })).toBe('');
    expect(renderFragment({ name: 'read-also', articles: [] }).items).toEqual([]);
  });
});

describe('the ‘Related News’ fragment', () => {
  const fragment = renderFragment({ name: 'related', articles: newest });

  it('joins into the very section the article pages rendered', () => {
    expect(joinFragment(fragment)).toBe(PREVIOUS_MARKUP.related);
  });

  it('shows each article’s link, title cut to its length and opening words as plain text', () => {
    const section = parse(joinFragment(fragment));
    expect(section.querySelector('h2')?.textContent).toBe('Related News');
    const items = [...section.querySelectorAll('[data-testid="related-news"] > li')];
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual([
      '/news/harbour-reopens',
      '/news/bridge-vote',
      '/news/match-report',
    ]);
    const bridge = items[1]?.querySelectorAll('a > span > span');
    expect(bridge?.[0]?.textContent).toBe('A long title about the vote on the new b...');
    expect(bridge?.[1]?.textContent).toMatch(/^Bold bridge1 bridge2/);
    expect(fragment.items.map((item) => item.slug)).toEqual([
      'harbour-reopens',
      'bridge-vote',
      'match-report',
    ]);
  });

  it('keeps at most the limit of limit + 1 given, and joins nothing from none', () => {
    const many = Array.from({ length: RELATED_NEWS_COUNT + 1 }, () => createNews());
    const related = renderFragment({ name: 'related', articles: many });
    const joined = parse(
      joinFragment(related, { exclude: 'elsewhere', limit: RELATED_NEWS_COUNT }),
    );
    expect(joined.querySelectorAll('li')).toHaveLength(RELATED_NEWS_COUNT);
    expect(joinFragment(renderFragment({ name: 'related', articles: [] }))).toBe('');
  });
});
