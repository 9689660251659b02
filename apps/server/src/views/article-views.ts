import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ArticleRead } from '../cache/public-cache.ts';
import type { PageArticle } from '../cache/cached-response.ts';

/**
 * Counts one view of an article read by /u/news/{slug} (or its beacon): into the batch written
 * within a second, and into the read itself, which is the kept copy when the cache holds one, so
 * the answer shows every view counted on this instance at once; and into the day's totals
 * (analytics/, decision 119).
 */
export function countArticleView(
  app: FastifyInstance,
  read: ArticleRead,
  headers: IncomingHttpHeaders,
) {
  app.services.news.countView(read.news._id);
  read.counted += 1;
  app.pageViews.count({ id: read.news._id, categoryId: read.news.categoryId }, headers);
}

/** Counts one view of an article page served (rendered or kept), the same three ways. */
export function countPageView(
  app: FastifyInstance,
  article: PageArticle,
  headers: IncomingHttpHeaders,
) {
  app.services.news.countView(article.id);
  const kept = app.publicCache.peekArticle(article.slug);
  if (kept?.news._id === article.id) kept.counted += 1;
  app.pageViews.count(article, headers);
}
