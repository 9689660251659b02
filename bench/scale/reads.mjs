// The reads bench:scale measures: every public and admin read, each with the HTTP request it sends
// and the service call that runs the same queries, whose plans are printed.

/**
 * What the reads ask for: names grow.mjs gives (a busy category, one of its own sub-categories, a
 * sub-category name every category shares, a publisher, an anchor), recent slugs and a month.
 */
export async function sampleOf(db) {
  const slugs = await db
    .selectFrom('news')
    .select('slug')
    .where('status', '=', 1)
    .orderBy('created_at', 'desc')
    .limit(500)
    .execute();
  const months = await db
    .selectFrom('news_counts')
    .select('key')
    .where('scope', '=', 'month')
    .where('active_count', '>', 0)
    .orderBy('key')
    .execute();
  return {
    slugs: slugs.map((row) => row.slug),
    category: 'Business',
    ownSub: 'Business Today',
    sharedSub: 'Analysis',
    publisher: 'Publisher 4',
    anchor: 'Anchor 6',
    month: months[Math.floor(months.length / 2)]?.key,
    // The busiest writer (about three articles in ten) and the least busy (grow.mjs).
    busyWriter: 'writer-1',
    fewWriter: 'writer-40',
  };
}

const q = (params) => new URLSearchParams(params).toString();
const page1 = { page: '1', limit: '6' };

/** [name, url of request i, the service calls behind it, needs the admin token] */
export function readsOf(s) {
  const slug = (i) => s.slugs[i % s.slugs.length];
  const list = (filters) => ({
    url: () => `/api/v1/u/get?${q({ ...filters, ...page1 })}`,
    plan: (x) => x.news.publicList(filters, { page: 1, limit: 6 }),
  });
  return [
    ['/u/get page 1', list({})],
    ['/u/get category', list({ category: s.category })],
    ['/u/get sub-category (shared name)', list({ subcategory: s.sharedSub })],
    ['/u/get category + sub-category', list({ category: s.category, subcategory: s.ownSub })],
    ['/u/get publisher', list({ publisher: s.publisher })],
    ['/u/get anchor', list({ anchor: s.anchor })],
    ['/u/get category + publisher', list({ category: s.category, publisher: s.publisher })],
    [
      '/u/news/{slug} (counts a view)',
      {
        url: (i) => `/api/v1/u/news/${slug(i)}`,
        plan: (x) => x.news.bySlug(slug(0)),
      },
    ],
    [
      '/u/related-news',
      {
        url: (i) => `/api/v1/u/related-news?${q({ category: s.category, exclude: slug(i) })}`,
        plan: (x) => x.news.related(s.category, slug(0)),
      },
    ],
    ['/u/latest', { url: () => '/api/v1/u/latest?limit=4', plan: (x) => x.news.latest(4) }],
    [
      '/u/category-list',
      { url: () => '/api/v1/u/category-list', plan: (x) => x.categories.list() },
    ],
    [
      'admin /news/get page 1',
      {
        url: () => '/api/v1/news/get?page=1&limit=6',
        admin: true,
        plan: (x) => x.news.adminList({ page: 1, limit: 6 }),
      },
    ],
    ...['published', 'scheduled', 'draft', 'in_review'].map((stage) => [
      `admin /news/get stage=${stage}`,
      {
        url: () => `/api/v1/news/get?stage=${stage}&page=1&limit=6`,
        admin: true,
        plan: (x) =>
          x.news.adminList(
            { stage, page: 1, limit: 6 },
            { id: 'nobody', role: 'admin', address: null },
          ),
      },
    ]),
    [
      'admin /dashboard/cards',
      {
        url: () => '/api/v1/dashboard/cards',
        admin: true,
        plan: (x) => x.dashboard.cards(),
      },
    ],
    [
      'admin /dashboard/popular-news',
      {
        url: () => '/api/v1/dashboard/popular-news',
        admin: true,
        plan: (x) => x.dashboard.popularNews(),
      },
    ],
    [
      'admin /admin-contact/get',
      {
        url: () => '/api/v1/admin-contact/get?page=1&limit=10',
        admin: true,
        plan: (x) => x.contacts.list({ page: 1, limit: 10 }),
      },
    ],
    [
      'admin /subCategory/get-list',
      {
        url: () => '/api/v1/subCategory/get-list?page=1&limit=10',
        admin: true,
        plan: (x) => x.subcategories.list({ page: 1, limit: 10 }),
      },
    ],
    [
      '/sitemap.xml (index)',
      {
        url: () => '/sitemap.xml',
        plan: (x) => Promise.all([x.archive.files(50_000), x.archive.taxonomyChangedAt()]),
      },
    ],
    [
      `/sitemaps/news-${s.month}.xml`,
      {
        url: () => `/sitemaps/news-${s.month}.xml`,
        few: true,
        plan: (x) => x.archive.articles(s.month, 1, 50_000),
      },
    ],
    [
      '/sitemaps/news-1999-01.xml (none: 404)',
      {
        url: () => '/sitemaps/news-1999-01.xml',
        plan: (x) => x.archive.articles('1999-01', 1, 50_000),
      },
    ],
    ['/rss.xml', { url: () => '/rss.xml', plan: (x) => x.news.latest(20) }],
    [
      '/news-sitemap.xml',
      {
        url: () => '/news-sitemap.xml',
        plan: (x) => x.archive.recent(new Date(Date.now() - 48 * 3600_000).toISOString(), 1000),
      },
    ],
    [
      '/u/author/{slug} (busiest writer)',
      {
        url: () => `/api/v1/u/author/${s.busyWriter}?${q(page1)}`,
        plan: (x) => x.news.author(s.busyWriter, { page: 1, limit: 6 }),
      },
    ],
    [
      '/u/author/{slug} (least busy)',
      {
        url: () => `/api/v1/u/author/${s.fewWriter}?${q(page1)}`,
        plan: (x) => x.news.author(s.fewWriter, { page: 1, limit: 6 }),
      },
    ],
    [
      '/sitemaps/authors.xml',
      { url: () => '/sitemaps/authors.xml', plan: (x) => x.archive.authors() },
    ],
    [
      '/u/search (a word of every article)',
      {
        url: () => '/api/v1/u/search?q=city&page=1&limit=6',
        plan: (x) => x.search.search({ q: 'city', page: 1, limit: 6 }),
      },
    ],
    [
      '/u/search (a word of one article)',
      {
        url: (i) => `/api/v1/u/search?q=${400_000 + i}&page=1&limit=6`,
        plan: (x) => x.search.search({ q: '400000', page: 1, limit: 6 }),
      },
    ],
  ].map(([name, read]) => ({ name, ...read }));
}

/** Server-rendered pages: they run the reads above through the same services. */
export function pagesOf(s) {
  const slug = (i) => s.slugs[i % s.slugs.length];
  const segment = (name) => encodeURIComponent(name.toLowerCase().replace(/\s+/g, '-'));
  return [
    { name: 'page /', url: () => '/' },
    { name: 'page /news/{slug}', url: (i) => `/news/${slug(i)}` },
    { name: 'page /{category}', url: () => `/${segment(s.category)}` },
    { name: 'page /{category}/{sub}', url: () => `/${segment(s.category)}/${segment(s.ownSub)}` },
    { name: 'page /author/{slug} (busiest)', url: () => `/author/${s.busyWriter}` },
  ];
}
