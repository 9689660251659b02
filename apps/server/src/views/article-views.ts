import type { FastifyInstance } from 'fastify';
import type { ArticleRead } from '../cache/public-cache.ts';

/**
 * Counts one view of an article read by /u/news/{slug} (or its beacon): into the batch written
 * within a second, and into the read itself, which is the kept copy when the cache holds one, so
 * the answer shows every view counted on this instance at once.
 */
export function countArticleView(app: FastifyInstance, read: ArticleRead) {
  app.services.news.countView(read.news._id);
  read.counted += 1;
}

/** Counts one view of an article page served (rendered or kept), the same two ways. */
export function countPageView(app: FastifyInstance, article: { id: string; slug: string }) {
  app.services.news.countView(article.id);
  const kept = app.publicCache.peekArticle(article.slug);
  if (kept?.news._id === article.id) kept.counted += 1;
}
