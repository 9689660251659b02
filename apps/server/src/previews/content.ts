import type { NewsDto } from '@newsroom/contract';
import { DomainError } from '../domain/errors.ts';

/** Where a preview reads the article as saved (the news service's admin read). */
export interface SavedArticles {
  get(id: string): Promise<NewsDto>;
}

/**
 * What a preview shows: the fields of article `newsId` to render, as saved now (`revisionId`
 * null), or as saved in one of its revisions. The one place a preview's content comes from
 * (decision 113). Revisions are not kept yet: naming one answers 404 until they are, and this
 * function reads them then.
 */
export async function previewContent(
  articles: SavedArticles,
  newsId: string,
  revisionId: string | null,
): Promise<NewsDto> {
  const article = await articles.get(newsId);
  if (revisionId !== null) throw new DomainError('NOT_FOUND', 'Revision not found');
  return article;
}
