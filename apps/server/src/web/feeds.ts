import type { FastifyInstance } from 'fastify';
import { htmlToText, publicPaths, truncateWords, type NewsDto } from '@newsroom/contract';
import { sitemaps } from './sitemap.ts';
import { escapeXml, sendXml } from './xml.ts';

export const RSS_ITEM_COUNT = 20;
const RSS_DESCRIPTION_WORDS = 50;

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

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

/**
 * The sitemap index and its files, and /rss.xml, read through the services like the reader site,
 * with absolute links under PUBLIC_URL. They work whether or not the web app is built.
 */
export async function feeds(app: FastifyInstance) {
  await sitemaps(app);

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
