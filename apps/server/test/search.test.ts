import { SEARCH_MAX_HITS, type NewsDto, type SearchHitDto } from '@newsroom/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESCRIPTION,
  createNews,
  newsFields,
  newsContext,
  insertNewsRows,
  type NewsContext,
} from './factories.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ctx: NewsContext;

/**
 * The fixed corpus, written oldest first. Each query below separates its hits by where the word
 * is (title, meta description or tags, body), so SQLite's bm25 and PostgreSQL's ts_rank_cd must
 * agree on the order; equal hits fall back to newest first on both.
 */
const CORPUS: Record<string, Record<string, unknown>> = {
  'election-title': {
    title: 'Regional election results announced tonight',
    metaDescription: 'Officials counted every ballot by hand.',
  },
  'election-body': {
    title: 'Council meeting runs late into the evening',
    metaDescription: 'A long night at the town hall.',
    description: `<p>Talk turned to the coming elections and their budget.</p>${DESCRIPTION}`,
  },
  'election-meta': {
    title: 'Harbour bridge repairs begin next week',
    metaDescription: 'The election of a new harbour master was put off again.',
  },
  'farmers-tag': {
    title: 'Market stalls return to the old square',
    metaDescription: 'Stalls are back after the winter.',
    tags: ['farmers', 'market'],
  },
  'mayor-html': {
    title: 'Budget talks stall over school funding',
    description: `<p>The <strong>mayor</strong> spoke to teachers &amp; parents about &lt;b&gt;fees&lt;/b&gt; at the pier.</p>${DESCRIPTION}`,
  },
  'election-draft': {
    title: 'Secret election plan leaked early',
    status: false,
  },
  'racing-older': {
    title: 'Weekend roundup from the valley towns',
    description: `<p>Boats were racing on the lake.</p>${DESCRIPTION}`,
  },
  'racing-newer': {
    title: 'Weekend roundup from the coast towns',
    description: `<p>Boats were racing on the lake.</p>${DESCRIPTION}`,
  },
};
const slugs: Record<string, NewsDto> = {};

beforeAll(async () => {
  t = await createTestApp();
  ctx = await newsContext(t.app);
  for (const [slug, fields] of Object.entries(CORPUS)) {
    slugs[slug] = await createNews(ctx, { tags: [], ...fields, slug });
  }
});
afterAll(() => t.close());

const search = (query: Record<string, string | number>) =>
  call(t.app, {
    method: 'GET',
    url: '/api/v1/u/search',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });

async function hitSlugs(q: string): Promise<string[]> {
  const res = await search({ q, limit: 100 });
  expect(res.status).toBe(200);
  return (res.body.data as SearchHitDto[]).map((hit) => hit.slug);
}

describe('GET /u/search relevance', () => {
  it('ranks title above meta description above body, with stemming both ways', async () => {
    expect(await hitSlugs('elections')).toEqual([
      'election-title',
      'election-meta',
      'election-body',
    ]);
    expect(await hitSlugs('Election')).toEqual([
      'election-title',
      'election-meta',
      'election-body',
    ]);
  });

  it('breaks ties newest first and matches word forms ("raced" finds "racing")', async () => {
    expect(await hitSlugs('raced')).toEqual(['racing-newer', 'racing-older']);
  });

  it('requires every word and drops stop words', async () => {
    expect(await hitSlugs('the harbour master')).toEqual(['election-meta']);
    expect(await hitSlugs('harbour racing')).toEqual([]);
  });

  it('searches tags', async () => {
    expect(await hitSlugs('farmers')).toEqual(['farmers-tag']);
  });

  it('searches the text of the body, never its HTML', async () => {
    expect(await hitSlugs('mayor')).toEqual(['mayor-html']);
    expect(await hitSlugs('strong')).toEqual([]);
  });

  it('leaves out inactive articles', async () => {
    expect(await hitSlugs('secret leaked')).toEqual([]);
  });
});

describe('GET /u/search answers', () => {
  it('answers the public read shape with a count and an escaped, marked snippet', async () => {
    const res = await search({ q: 'pier' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, count: 1 });
    const [hit] = res.body.data as SearchHitDto[];
    expect(hit).toMatchObject({ _id: slugs['mayor-html']?._id, slug: 'mayor-html' });
    expect(hit?.description).toBe(slugs['mayor-html']?.description);
    // Text that merely looks like markup (`<b>` written as text) is escaped on SQLite and left
    // out of PostgreSQL's headline; either way the only tags in a snippet are the marks.
    expect(hit?.snippet).toContain('teachers &amp; parents about');
    expect(hit?.snippet).toContain('at the <mark>pier</mark>');
    expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    expect(hit?.snippet).not.toContain('<strong>');
    expect(res.headers['cache-control']).toBe('public, max-age=20');
  });

  it('takes the snippet from the meta description when only it matched', async () => {
    const res = await search({ q: 'harbour master' });
    expect((res.body.data as SearchHitDto[])[0]?.snippet).toContain(
      '<mark>harbour</mark> <mark>master</mark>',
    );
  });

  it('pages through every hit with a total count', async () => {
    // Every active article's body holds the factory's "careful report" text.
    const first = await search({ q: 'careful report', limit: 4, page: 1 });
    const second = await search({ q: 'careful report', limit: 4, page: 2 });
    expect(first.body.count).toBe(7);
    expect(second.body.count).toBe(7);
    const seen = [...first.body.data, ...second.body.data].map((hit: SearchHitDto) => hit.slug);
    expect(new Set(seen).size).toBe(7);
    expect(seen).not.toContain('election-draft');
    const past = await search({ q: 'careful report', limit: 4, page: 3 });
    expect(past.body).toMatchObject({ data: [], count: 7 });
  });

  it('answers no hits with 200, an empty list and count 0', async () => {
    const res = await search({ q: 'xylophonist' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ statusCode: 200, data: [], count: 0 });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('refuses a %s query with 400', async (_name, q) => {
    const res = await search(q === undefined ? {} : { q });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      data: null,
      message: 'Enter words to search for',
    });
  });

  it('refuses a query over 200 characters with 400 and takes one of 200', async () => {
    const tooLong = await search({ q: 'a'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('A search may be at most 200 characters long');
    expect((await search({ q: `election ${'b'.repeat(191)}` })).status).toBe(200);
  });

  it.each([
    '"',
    '*',
    'OR',
    '(',
    ':',
    'election OR',
    'NEAR(election',
    '"election',
    'title:election',
    'election*',
    "election's -budget",
    '\\',
    '!&|',
  ])('treats %j as words, never as query syntax', async (q) => {
    const res = await search({ q });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data)).toBe(true);
  });
});

describe('GET /u/search follows writes at once', () => {
  it('finds an updated title and forgets a deleted article', async () => {
    const article = await createNews(ctx, { title: 'Quiet week at the observatory' });
    expect(await hitSlugs('zeppelin')).toEqual([]);
    const update = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${article._id}`,
      headers: ctx.headers,
      payload: newsFields(ctx.taxonomy, {
        slug: article.slug,
        title: 'A zeppelin lands at the observatory',
      }),
    });
    expect(update.status).toBe(200);
    expect(await hitSlugs('zeppelins')).toEqual([article.slug]);
    expect(await hitSlugs('quiet observatory')).toEqual([]);

    const remove = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${article._id}`,
      headers: ctx.headers,
    });
    expect(remove.status).toBe(200);
    expect(await hitSlugs('zeppelin')).toEqual([]);
  });

  it('drops an article switched to inactive and brings it back when active again', async () => {
    const article = await createNews(ctx, { title: 'Lighthouse keeper retires after forty years' });
    const setStatus = (status: boolean) =>
      call(t.app, {
        method: 'PUT',
        url: `/api/v1/news/update/${article._id}`,
        headers: ctx.headers,
        payload: newsFields(ctx.taxonomy, { slug: article.slug, title: article.title, status }),
      });
    expect(await hitSlugs('lighthouse')).toEqual([article.slug]);
    expect((await setStatus(false)).status).toBe(200);
    expect(await hitSlugs('lighthouse')).toEqual([]);
    expect((await setStatus(true)).status).toBe(200);
    expect(await hitSlugs('lighthouse')).toEqual([article.slug]);
    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/news/delete/${article._id}`,
      headers: ctx.headers,
    });
  });
});

describe('GET /u/search over more matches than it ranks', () => {
  it('ranks and counts the newest 1,000 matches and pages end there', async () => {
    const template = await t.app.db.kysely
      .selectFrom('news')
      .selectAll()
      .where('id', '=', slugs['racing-older']?._id ?? '')
      .executeTakeFirstOrThrow();
    // 1,001 matching articles, a second apart and all published, written oldest first.
    const now = t.app.clock.now().getTime();
    const total = SEARCH_MAX_HITS + 1;
    const copies = Array.from({ length: total }, (_, index) => {
      const stamp = new Date(now - (total - index) * 1000).toISOString();
      return {
        ...template,
        id: `quokka-${String(index).padStart(4, '0')}`,
        slug: `quokka-${index}`,
        title: `Quokka seen on the ferry, sighting ${index}`,
        created_at: stamp,
        updated_at: stamp,
      };
    });
    await insertNewsRows(t.app, copies);

    const pageOf = async (page: number) => {
      const res = await search({ q: 'quokka', limit: 100, page });
      expect(res.status).toBe(200);
      return {
        count: res.body.count as number,
        slugs: (res.body.data as SearchHitDto[]).map((hit) => hit.slug),
      };
    };
    const first = await pageOf(1);
    expect(first.count).toBe(SEARCH_MAX_HITS);
    expect(first.slugs.slice(0, 2)).toEqual([`quokka-${total - 1}`, `quokka-${total - 2}`]);
    const last = await pageOf(SEARCH_MAX_HITS / 100);
    expect(last.count).toBe(SEARCH_MAX_HITS);
    expect(last.slugs).toHaveLength(100);
    // The oldest match is the 1,001st: never ranked, never counted.
    expect(last.slugs.at(-1)).toBe('quokka-1');
    const beyond = await pageOf(SEARCH_MAX_HITS / 100 + 1);
    expect(beyond).toEqual({ count: SEARCH_MAX_HITS, slugs: [] });
  });
});
