import { render as renderDom, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RenderRequest } from '@newsroom/contract';
import { render } from '../../src/entry-server.tsx';
import { Byline } from '../../src/public/article/Byline.tsx';
import { linkLabel } from '../../src/public/author/AuthorPage.tsx';
import { createNews } from './factories.ts';
import { fakeReads } from './fake-reads.ts';

/* Bylines and author pages (decision 103), as the server renders them. */

const asha = { _id: 's1', name: 'Asha Rao', slug: 'asha-rao' };
const dev = { _id: 's2', name: 'Dev Kumar', slug: 'dev-kumar' };
const mira = { _id: 's3', name: 'Mira Sen', slug: 'mira-sen' };

async function page(url: string, reads: RenderRequest['reads']) {
  const result = await render({ url, publicUrl: 'http://news.test', reads });
  if (result.kind !== 'page') throw new Error('expected a page');
  return result;
}

describe('the byline', () => {
  it('names one, two or three authors in order, each linked to their page', () => {
    const { rerender } = renderDom(<Byline authors={[asha]} />);
    expect(screen.getByTestId('byline').textContent).toBe('By Asha Rao');
    rerender(<Byline authors={[asha, dev]} />);
    expect(screen.getByTestId('byline').textContent).toBe('By Asha Rao and Dev Kumar');
    rerender(<Byline authors={[asha, dev, mira]} />);
    const byline = screen.getByTestId('byline');
    expect(byline.textContent).toBe('By Asha Rao, Dev Kumar and Mira Sen');
    expect(
      within(byline)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/author/asha-rao', '/author/dev-kumar', '/author/mira-sen']);
  });

  it('shows nothing for an article without authors', () => {
    renderDom(<Byline authors={[]} />);
    expect(screen.queryByTestId('byline')).toBeNull();
  });

  it('is on the article page, and its JSON-LD names each author as a Person with their page', async () => {
    const story = createNews({ slug: 'two-hands', authors: [asha, dev] });
    const result = await page('/news/two-hands', fakeReads({ articles: [story] }));
    expect(result.html).toContain('href="/author/asha-rao"');
    expect(result.html).toContain('href="/author/dev-kumar"');
    const data = [...result.head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>)
      .find((item) => item['@type'] === 'NewsArticle');
    expect(data?.author).toEqual([
      { '@type': 'Person', name: 'Asha Rao', url: 'http://news.test/author/asha-rao' },
      { '@type': 'Person', name: 'Dev Kumar', url: 'http://news.test/author/dev-kumar' },
    ]);
  });
});

describe('the author page', () => {
  const author = {
    name: 'Asha Rao',
    slug: 'asha-rao',
    bio: 'Covers the courts.',
    pictureURL: '/uploads/people/asha.jpg',
    links: ['https://example.com/asha'],
  };

  it('shows the person, their articles and a link to the older ones, with its feed and ProfilePage', async () => {
    const news = Array.from({ length: 6 }, (_, i) =>
      createNews({ title: `Court report ${i + 1}` }),
    );
    const reads = fakeReads({ authors: [author], news, count: 14 });
    const result = await page('/author/asha-rao', reads);
    expect(result.status).toBe(200);
    expect(reads.calls).toContain('author {"slug":"asha-rao","page":1,"limit":6}');
    expect(result.html).toContain('Asha Rao');
    expect(result.html).toContain('Covers the courts.');
    expect(result.html).toContain('src="/uploads/people/asha.jpg"');
    expect(result.html).toContain('href="https://example.com/asha"');
    expect(result.html).toContain('Court report 6');
    expect(result.html).toContain('href="/author/asha-rao?page=2"');
    expect(result.head).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Newsroom: Asha Rao" href="http://news.test/author/asha-rao/rss.xml" />',
    );
    expect(result.head).toContain('"@type":"ProfilePage"');
    expect(result.head).toContain(
      '<link rel="canonical" href="http://news.test/author/asha-rao" />',
    );
  });

  it('opens at a later page, linking the newer one, and stops linking past the last', async () => {
    const news = Array.from({ length: 2 }, () => createNews());
    const result = await page(
      '/author/asha-rao?page=3',
      fakeReads({ authors: [author], news, count: 14 }),
    );
    expect(result.html).toContain('href="/author/asha-rao?page=2"');
    expect(result.html).not.toContain('href="/author/asha-rao?page=4"');
  });

  it('is a 404 for a slug no one has', async () => {
    const result = await page('/author/nobody', fakeReads({ authors: [author] }));
    expect(result.status).toBe(404);
  });

  it('writes a link by its host and path', () => {
    expect(linkLabel('https://example.com/asha/')).toBe('example.com/asha/');
    expect(linkLabel('https://example.com/')).toBe('example.com');
  });
});
