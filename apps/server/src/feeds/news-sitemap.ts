import type { FastifyInstance } from 'fastify';
import { PUBLICATION, publicPaths } from '@newsroom/contract';
import { keepResponseUntil } from '../cache/cached-routes.ts';
import { NEWS_SITEMAP_MAX, leavesNewsWindowAt, newsWindowStart } from '../domain/news-window.ts';
import type { RecentArticle } from './archive.ts';
import { escapeXml, sendXml } from './xml.ts';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NAMESPACE = 'http://www.google.com/schemas/sitemap-news/0.9';
/** Browsers and shared caches keep it as long as the other sitemaps, or less (see below). */
const MAX_AGE_SECONDS = 300;

function urlXml(article: RecentArticle, publicUrl: string): string {
  return [
    '  <url>',
    `    <loc>${escapeXml(publicUrl + publicPaths.article(article.slug))}</loc>`,
    '    <news:news>',
    '      <news:publication>',
    `        <news:name>${escapeXml(PUBLICATION.name)}</news:name>`,
    `        <news:language>${PUBLICATION.language}</news:language>`,
    '      </news:publication>',
    `      <news:publication_date>${article.createdAt}</news:publication_date>`,
    `      <news:title>${escapeXml(article.title)}</news:title>`,
    '    </news:news>',
    '  </url>',
  ].join('\n');
}

/**
 * /news-sitemap.xml (decision 081): the Google News sitemap of the public articles created in the
 * last 48 hours, newest first, at most 1,000. Its oldest article leaves the window at a known
 * moment, so the kept answer expires then, without a write; writes to articles of the window
 * drop it at once (the `news-sitemap` tag).
 */
export async function newsSitemap(app: FastifyInstance) {
  const { archive } = app.services;

  app.get(publicPaths.newsSitemap(), async (request, reply) => {
    const now = app.clock.now();
    const articles = await archive.recent(newsWindowStart(now), NEWS_SITEMAP_MAX);
    const oldest = articles.at(-1);
    let maxAge = MAX_AGE_SECONDS;
    if (oldest) {
      const leavesAt = leavesNewsWindowAt(oldest.createdAt);
      keepResponseUntil(request, leavesAt);
      maxAge = Math.min(maxAge, Math.max(0, Math.floor((leavesAt - now.getTime()) / 1000)));
    }
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:news="${NEWS_NAMESPACE}">`,
      ...articles.map((article) => urlXml(article, app.config.publicUrl)),
      '</urlset>',
      '',
    ].join('\n');
    return sendXml(request, reply, 'application/xml; charset=utf-8', body, maxAge);
  });
}
