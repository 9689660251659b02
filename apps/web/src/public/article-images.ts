import type { NewsDto } from '@newsroom/contract';

/**
 * The URLs of an article's picture for structured data, largest first. Google asks for pictures at
 * least 1,200 px wide in 16:9, 4:3 and 1:1; each size that exists belongs in this list. Today an
 * article has its upload only, so that is the one entry: responsive variants are added here, and
 * every reader of an article's picture URLs (JSON-LD) follows.
 */
export function articleImageUrls(article: NewsDto): string[] {
  return article.Image ? [article.Image.ImageURL] : [];
}
