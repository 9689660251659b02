import { describe, expect, it } from 'vitest';
import type { CorrectionListItem, RenderRequest } from '@newsroom/contract';
import { render } from '../../src/entry-server.tsx';
import { createNews } from './factories.ts';
import { fakeReads } from './fake-reads.ts';

/* Corrections and update notes as readers see them (decision 112), as the server renders them. */

async function page(url: string, reads: RenderRequest['reads']) {
  const result = await render({ url, publicUrl: 'http://news.test', reads });
  if (result.kind !== 'page') throw new Error('expected a page');
  return result;
}

const jsonLd = (head: string) =>
  [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>,
  );

describe('the article page', () => {
  const story = createNews({
    slug: 'the-vote',
    updatedAt: '2026-11-01T08:00:00.000Z',
    corrections: [
      { kind: 'update', text: 'The minutes are out.', createdAt: '2026-11-03T10:00:00.000Z' },
      {
        kind: 'correction',
        text: 'We gave the wrong date <b>Monday</b>.',
        createdAt: '2026-11-02T10:00:00.000Z',
      },
    ],
  });

  it('shows each note newest first with its time, and "Updated" with the newest one', async () => {
    const result = await page('/news/the-vote', fakeReads({ articles: [story] }));
    const html = result.html.replaceAll('<!-- -->', '');
    expect(html.indexOf('The minutes are out.')).toBeLessThan(html.indexOf('We gave the wrong'));
    expect(html).toContain('We gave the wrong date &lt;b&gt;Monday&lt;/b&gt;.');
    expect(html).toContain('Updated <time dateTime="2026-11-03T10:00:00.000Z">');
    expect(html).toContain('<time dateTime="2026-11-02T10:00:00.000Z">');
    expect(html).toContain('href="/corrections"');
  });

  it('carries dateModified and each correction as a CorrectionComment in its JSON-LD', async () => {
    const result = await page('/news/the-vote', fakeReads({ articles: [story] }));
    const article = jsonLd(result.head).find((item) => item['@type'] === 'NewsArticle');
    expect(article?.dateModified).toBe('2026-11-03T10:00:00.000Z');
    expect(article?.correction).toEqual([
      {
        '@type': 'CorrectionComment',
        text: 'We gave the wrong date <b>Monday</b>.',
        datePublished: '2026-11-02T10:00:00.000Z',
      },
    ]);
    // In the script element, the text cannot close it.
    expect(result.head).not.toContain('<b>Monday');
  });

  it('shows no notes and no "Updated" for an article without any', async () => {
    const plain = createNews({ slug: 'plain' });
    const result = await page('/news/plain', fakeReads({ articles: [plain] }));
    expect(result.html).not.toContain('id="corrections"');
    expect(result.html).not.toContain('Updated');
  });
});

describe('/corrections', () => {
  const notes: CorrectionListItem[] = Array.from({ length: 25 }, (_, i) => ({
    _id: `c${i}`,
    kind: i % 2 ? 'update' : 'correction',
    text: `Note ${i}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 0, 25 - i)).toISOString(),
    article: { title: `Story ${i}`, slug: `story-${i}` },
  }));

  it('lists notes with links to their articles, and pages with real addresses', async () => {
    const reads = fakeReads({ corrections: notes });
    const first = await page('/corrections', reads);
    expect(first.status).toBe(200);
    expect(first.html).toContain('href="/news/story-0"');
    expect(first.html).toContain('Note 19');
    expect(first.html).not.toContain('Note 20<');
    expect(first.html).toContain('href="/corrections?page=2"');
    expect(first.head).toContain('<link rel="canonical" href="http://news.test/corrections"');
    expect(first.head).toContain('href="http://news.test/corrections/rss.xml"');
    const second = await page('/corrections?page=2', reads);
    expect(second.html).toContain('Note 24');
    expect(second.html).toContain('href="/corrections"');
    expect((await page('/corrections?page=3', reads)).status).toBe(404);
  });

  it('says so when there is no note yet', async () => {
    const result = await page('/corrections', fakeReads());
    expect(result.status).toBe(200);
    expect(result.html).toContain('No corrections or updates so far.');
  });
});
