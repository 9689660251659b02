import type { ApiFetch } from '@newsroom/contract';
import { answerTags, articleSlugOf } from '../cache/answer-tags.ts';
import type { PageArticle } from '../cache/stored-answer.ts';
import { sanitizeDescription } from '../domain/rich-text.ts';

interface ArticleAnswer {
  data?: Array<{ _id?: unknown; slug?: unknown; description?: unknown }>;
}

/**
 * Wraps the renderer's API transport to note what a page read: the tags of every call (so the
 * page is dropped with any answer it was made from) and the article it shows, if any. The
 * article's rich text is cleaned again on its way to the page, as it was before it was stored
 * (domain/rich-text.ts): the page shows it by today's rules, whenever it was stored.
 */
export function recordReads(fetch: ApiFetch) {
  const tags = new Set<string>();
  let article: PageArticle | null = null;
  const recorded: ApiFetch = async (url, init) => {
    const response = await fetch(url, init);
    for (const tag of answerTags(url) ?? []) tags.add(tag);
    if (articleSlugOf(url) === null || !response.ok) return response;
    // The article's answer is read here, then handed to the renderer as read.
    const body = (await response.json()) as ArticleAnswer;
    const news = body.data?.[0];
    if (typeof news?._id === 'string' && typeof news.slug === 'string') {
      article = { id: news._id, slug: news.slug };
    }
    if (typeof news?.description === 'string') {
      news.description = sanitizeDescription(news.description);
    }
    return { status: response.status, ok: response.ok, json: async () => body };
  };
  return { fetch: recorded, tags: () => [...tags], article: () => article };
}
