import type { IncomingHttpHeaders } from 'node:http';
import type { DailyViews } from './daily-views.ts';
import type { ReferrerHosts } from './referrer.ts';

/** The article a view is of, as a page or a read names it. */
export interface ViewedArticle {
  id: string;
  categoryId: string;
}

/**
 * Counts a page view into the daily totals (decision 119), wherever an article's view is counted
 * (views/article-views.ts): the article, its section and the host of the other site in the
 * request's `Referer`. The request's address, user agent and cookies are never looked at.
 */
export class PageViews {
  constructor(
    private readonly daily: DailyViews,
    private readonly referrers: ReferrerHosts,
  ) {}

  count(article: ViewedArticle, headers: IncomingHttpHeaders): void {
    this.daily.count({
      newsId: article.id,
      categoryId: article.categoryId,
      referrerHost: this.referrers.of(headers.referer, headers.host),
    });
  }
}
