import { describe, expect, it } from 'vitest';
import { TRUNCATE, htmlToText, truncateWords } from '@newsroom/contract';
import { render } from '../../src/entry-server.tsx';
import { createNews, words } from './factories.ts';
import { fakeReads } from './fake-reads.ts';

/** A description whose last words a page never shows outside the article itself. */
const longDescription = (name: string) =>
  `<p>${words(100, name)} <em>tail-of-${name}</em></p><p>${words(30, `${name}-end`)}</p>`;

const article = createNews({
  slug: 'the-story',
  description: longDescription('story'),
  metaDescription: 'Meta of the story, for the head alone',
  anchor: { _id: 'anchor-of-the-story', name: 'An anchor' },
});
const list = [1, 2, 3, 4, 5, 6].map((n) =>
  createNews({ description: longDescription(`item${n}`) }),
);
const categories = [
  {
    _id: 'cat-1',
    name: 'Politics',
    subcategory: [{ _id: 'sub-1', name: 'Elections' }],
    createdAt: '1999-01-02T03:04:05.000Z',
    updatedAt: '1999-06-07T08:09:10.000Z',
  },
];

const reads = fakeReads({ articles: [article], news: list, count: 20, categories });

async function renderPage(url: string) {
  const result = await render({ url, publicUrl: 'http://localhost', reads });
  if (result.kind !== 'page') throw new Error('expected a page');
  return result;
}

describe('the data a page embeds for its hydration', () => {
  it('holds the article’s own description, and no news beside it (the page host joins those)', async () => {
    const { html, state } = await renderPage('/news/the-story');
    expect(state).toContain('tail-of-story');
    for (const other of list) {
      expect(state).not.toContain(other.title);
      expect(html).not.toContain(other.title);
    }
  });

  it('holds of the article what the page shows, while the head has the rest', async () => {
    const { head, html, state } = await renderPage('/news/the-story');
    expect(head).toContain('Meta of the story, for the head alone');
    expect(html).toContain(article.title);
    expect(state).toContain(article.title);
    for (const unshown of ['Meta of the story', 'anchor-of-the-story', 'categoryId', 'views']) {
      expect(state).not.toContain(unshown);
    }
  });

  it('holds no categories on any page: the page host joins the menu', async () => {
    const home = await renderPage('/');
    expect(home.state).not.toContain('Elections');
    expect(home.html).not.toContain('cat-1');
    const { html, state } = await renderPage('/news/the-story');
    expect(state).not.toContain('Elections');
    expect(html).not.toContain('Elections');
    expect(JSON.parse(/>(.*)</s.exec(state)?.[1] ?? '{}')).toMatchObject({
      query: { queries: [{ queryKey: ['public', 'article', 'the-story'] }] },
    });
  });

  it('holds, for a list, the opening words of each card and not the rich text', async () => {
    const { html, state } = await renderPage('/');
    expect(state).not.toContain('<p>');
    for (const item of list) {
      const name = /<p>(\w+?)1 /.exec(item.description)?.[1] ?? '';
      expect(state).not.toContain(`tail-of-${name}`);
      expect(html).toContain(item.title);
    }
    const first = truncateWords(htmlToText(list[0]?.description ?? ''), TRUNCATE.firstItemWords);
    expect(html).toContain(first);
  });
});
