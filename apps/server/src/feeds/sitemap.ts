import type { FastifyInstance } from 'fastify';
import { publicPaths, toPathSegment } from '@newsroom/contract';
import { escapeXml, sendXml } from './xml.ts';

const XML_TYPE = 'application/xml; charset=utf-8';
const HEADER = '<?xml version="1.0" encoding="UTF-8"?>';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** `news-YYYY-MM.xml` is a month's first part; `news-YYYY-MM-N.xml` (N ≥ 2) its next ones. */
const MONTH_FILE = /^news-(\d{4}-(?:0[1-9]|1[0-2]))(?:-([2-9]|[1-9]\d+))?\.xml$/;

interface Entry {
  loc: string;
  lastmod?: string | null;
}

function entryXml(tag: 'url' | 'sitemap', { loc, lastmod }: Entry): string {
  const date = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  return `  <${tag}><loc>${escapeXml(loc)}</loc>${date}</${tag}>`;
}

function document(root: 'urlset' | 'sitemapindex', tag: 'url' | 'sitemap', entries: Entry[]) {
  const body = entries.map((entry) => entryXml(tag, entry));
  return [HEADER, `<${root} xmlns="${NAMESPACE}">`, ...body, `</${root}>`, ''].join('\n');
}

export const monthFileName = (month: string, part: number) =>
  part === 1 ? `news-${month}.xml` : `news-${month}-${part}.xml`;

/**
 * The sitemap (decision 074): /sitemap.xml is a sitemaps.org index of /sitemaps/pages.xml (home,
 * static, category and sub-category pages) and one file per month of active articles, split into
 * parts of at most SITEMAP_URLS_PER_FILE URLs. Every active article is in exactly one file.
 */
export async function sitemaps(app: FastifyInstance) {
  const base = app.config.publicUrl;
  const perFile = app.config.sitemapUrlsPerFile;
  const { archive, categories } = app.services;

  app.get(publicPaths.sitemapIndex(), async (request, reply) => {
    const [files, taxonomyChangedAt, authors] = await Promise.all([
      archive.files(perFile),
      archive.taxonomyChangedAt(),
      archive.authors(),
    ]);
    const now = app.clock.now().toISOString();
    const authorsChangedAt = authors
      .map((author) => author.changedAt ?? '')
      .sort()
      .at(-1);
    const entries: Entry[] = [
      { loc: `${base}/sitemaps/pages.xml`, lastmod: taxonomyChangedAt },
      // Listed once someone has a public article (a sitemap file holds at least one URL).
      ...(authors.length > 0
        ? [{ loc: `${base}/sitemaps/authors.xml`, lastmod: authorsChangedAt || null }]
        : []),
      ...files.map((file) => ({
        loc: `${base}/sitemaps/${monthFileName(file.month, file.part)}`,
        lastmod: pastOnly(file.changedAt, now),
      })),
    ];
    return sendXml(request, reply, XML_TYPE, document('sitemapindex', 'sitemap', entries));
  });

  app.get('/sitemaps/pages.xml', async (request, reply) => {
    const paths = [
      publicPaths.home(),
      publicPaths.about(),
      publicPaths.contact(),
      publicPaths.corrections(),
    ];
    for (const category of await categories.list()) {
      // A name of punctuation only has no address of its own.
      if (!toPathSegment(category.name)) continue;
      paths.push(publicPaths.category(category.name));
      for (const sub of category.subcategory) {
        if (toPathSegment(sub.name)) paths.push(publicPaths.category(category.name, sub.name));
      }
    }
    // Two names with the same path segment have one address, listed once.
    const entries = [...new Set(paths)].map((path) => ({ loc: base + path }));
    return sendXml(request, reply, XML_TYPE, document('urlset', 'url', entries));
  });

  // The pages of the people with public articles (decision 103).
  app.get('/sitemaps/authors.xml', async (request, reply) => {
    const authors = await archive.authors();
    if (authors.length === 0) {
      return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap file\n');
    }
    const entries = authors.map((author) => ({
      loc: base + publicPaths.author(author.slug),
      lastmod: author.changedAt,
    }));
    return sendXml(request, reply, XML_TYPE, document('urlset', 'url', entries));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = MONTH_FILE.exec(request.params.file);
    const month = match?.[1];
    const part = Number(match?.[2] ?? 1);
    const articles = month ? await archive.articles(month, part, perFile) : [];
    if (articles.length === 0) {
      return reply.status(404).type('text/plain; charset=utf-8').send('No such sitemap file\n');
    }
    const entries = articles.map((article) => ({
      loc: base + publicPaths.article(article.slug),
      lastmod: article.updatedAt,
    }));
    return sendXml(request, reply, XML_TYPE, document('urlset', 'url', entries));
  });
}

/**
 * A month file's last change, unless it is still to come: a scheduled article's `updated_at` is
 * its publication time (decision 085), and the month's figure carries it from the moment it is
 * written. Shown, it would tell when an embargo ends (decision 114); the file has no `lastmod`
 * until then.
 */
function pastOnly(changedAt: string | null, now: string): string | null {
  return changedAt !== null && changedAt <= now ? changedAt : null;
}
