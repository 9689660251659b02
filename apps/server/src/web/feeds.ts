import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  htmlToText,
  publicPaths,
  toPathSegment,
  truncateWords,
  type NewsDto,
} from '@newsroom/contract';
import { compressFor } from './compress.ts';

/** The sitemaps.org limit for one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Articles read per call while building the sitemap. */
const SITEMAP_PAGE_SIZE = 1000;
export const RSS_ITEM_COUNT = 20;
const RSS_DESCRIPTION_WORDS = 50;
const FEED_CACHE_CONTROL = 'public, max-age=300';

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Text or an attribute value made safe inside XML. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

/** Home, static pages, categories and sub-categories, then active articles, newest first. */
async function sitemapEntries(app: FastifyInstance): Promise<SitemapEntry[]> {
  const base = app.config.publicUrl;
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  const add = (path: string, lastmod?: string) => {
    const loc = base + path;
    if (seen.has(loc) || entries.length >= SITEMAP_MAX_URLS) return;
    seen.add(loc);
    entries.push(lastmod ? { loc, lastmod } : { loc });
  };

  add(publicPaths.home());
  add(publicPaths.about());
  add(publicPaths.contact());
  for (const category of await app.services.categories.list()) {
    // A name of punctuation only has no address of its own.
    if (!toPathSegment(category.name)) continue;
    add(publicPaths.category(category.name));
    for (const sub of category.subcategory) {
      if (toPathSegment(sub.name)) add(publicPaths.category(category.name, sub.name));
    }
  }
  for (let page = 1; entries.length < SITEMAP_MAX_URLS; page++) {
    const { data } = await app.services.news.publicList({}, { page, limit: SITEMAP_PAGE_SIZE });
    for (const news of data) add(publicPaths.article(news.slug), news.updatedAt);
    if (data.length < SITEMAP_PAGE_SIZE) break;
  }
  return entries;
}

function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

function enclosure(news: NewsDto, base: string): string {
  if (!news.Image) return '';
  const url = new URL(news.Image.ImageURL, base + '/');
  const extension = url.pathname.split('.').pop()?.toLowerCase() ?? '';
  const type = IMAGE_TYPES[extension] ?? 'image/jpeg';
  // RSS requires a length; the byte size is not known without reading the file, and 0 is the
  // value readers accept for "unknown".
  return `\n      <enclosure url="${escapeXml(url.toString())}" type="${type}" length="0" />`;
}

function rssItem(news: NewsDto, base: string): string {
  const link = escapeXml(base + publicPaths.article(news.slug));
  const description = truncateWords(htmlToText(news.description), RSS_DESCRIPTION_WORDS);
  const category = news.category
    ? `\n      <category>${escapeXml(news.category.name)}</category>`
    : '';
  return [
    '    <item>',
    `      <title>${escapeXml(news.title)}</title>`,
    `      <link>${link}</link>`,
    `      <guid isPermaLink="true">${link}</guid>`,
    `      <pubDate>${new Date(news.createdAt).toUTCString()}</pubDate>`,
    `      <description>${escapeXml(description)}</description>${category}${enclosure(news, base)}`,
    '    </item>',
  ].join('\n');
}

function rssXml(items: NewsDto[], base: string): string {
  const newest = items[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Newsroom</title>',
    `    <link>${escapeXml(base)}/</link>`,
    '    <description>The latest news from Newsroom</description>',
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(base)}/rss.xml" rel="self" type="application/rss+xml" />`,
    ...(newest
      ? [`    <lastBuildDate>${new Date(newest.createdAt).toUTCString()}</lastBuildDate>`]
      : []),
    ...items.map((news) => rssItem(news, base)),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

async function sendXml(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  body: string,
) {
  const { encoding, payload } = await compressFor(request.headers['accept-encoding'], body);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply
    .header('content-type', contentType)
    .header('cache-control', FEED_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .send(payload);
}

/**
 * /sitemap.xml and /rss.xml, read through the services like the reader site, with absolute
 * links under PUBLIC_URL. They work whether or not the web app is built.
 */
export async function feeds(app: FastifyInstance) {
  app.get('/sitemap.xml', async (request, reply) =>
    sendXml(
      request,
      reply,
      'application/xml; charset=utf-8',
      sitemapXml(await sitemapEntries(app)),
    ),
  );

  app.get('/rss.xml', async (request, reply) => {
    const latest = await app.services.news.latest(RSS_ITEM_COUNT);
    return sendXml(
      request,
      reply,
      'application/rss+xml; charset=utf-8',
      rssXml(latest, app.config.publicUrl),
    );
  });
}
