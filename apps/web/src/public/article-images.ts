import { imageUrls, type NewsDto } from '@newsroom/contract';

/**
 * The URLs of an article's picture for structured data, largest first. Google asks for pictures at
 * least 1,200 px wide; the upload (as sent) and its share JPEG (at most 1,200 wide, decision 083)
 * are the two that every crawler reads. An upload without variants is the one entry.
 */
export function articleImageUrls(article: NewsDto): string[] {
  if (!article.Image) return [];
  const { original, size, share } = imageUrls(article.Image.ImageURL);
  if (share.url === original) return [original];
  const shareIsLarger = (share.width ?? 0) > (size?.width ?? 0);
  return shareIsLarger ? [share.url, original] : [original, share.url];
}
