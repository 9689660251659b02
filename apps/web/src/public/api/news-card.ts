import { TRUNCATE, htmlToText, truncateWords, type NewsDto } from '@newsroom/contract';

/**
 * What a news card shows of an article, and all a list page keeps of it: the server embeds the
 * page's data for hydration, so a list of whole articles would carry every description's rich
 * text to the browser. `excerpt` is the plain-text opening at the first item's length (the
 * longest a card shows); a card in the grid cuts it shorter, which gives the same words.
 */
export interface NewsCardData extends Pick<
  NewsDto,
  '_id' | 'slug' | 'title' | 'Image' | 'alt' | 'tags' | 'updatedAt'
> {
  publisher: { name: string } | null;
  excerpt: string;
}

export function toNewsCard(article: NewsDto): NewsCardData {
  const { _id, slug, title, Image, alt, tags, updatedAt, publisher } = article;
  return {
    _id,
    slug,
    title,
    Image,
    alt,
    tags,
    updatedAt,
    publisher: publisher && { name: publisher.name },
    excerpt: truncateWords(htmlToText(article.description), TRUNCATE.firstItemWords),
  };
}
