import type { ReactElement } from 'react';
import { imageUrls, srcSet, type ImageUrls, type NewsDto } from '@newsroom/contract';

/** The size assumed for a picture stored without its size (before variants existed): 16:9. */
const UNKNOWN_SIZE = { width: 1200, height: 675 };

interface NewsImageProps {
  article: Pick<NewsDto, 'Image' | 'alt' | 'title'>;
  /** True for the largest picture a reader sees first: loaded at once, with high priority. */
  priority?: boolean;
  /** Which width the picture takes on screen, for the browser's choice among the variants. */
  sizes: string;
  className?: string;
}

/**
 * An article's cover picture: AVIF, then WebP at the width the layout needs, the original for a
 * browser that takes neither; or a quiet placeholder when the article only has a video.
 */
export function NewsImage({ article, priority = false, sizes, className = '' }: NewsImageProps) {
  if (!article.Image) {
    return (
      <div
        className={`grid aspect-video w-full place-items-center bg-gradient-to-br from-slate-700 to-slate-900 text-sm font-semibold tracking-wide text-white uppercase ${className}`}
      >
        Video
      </div>
    );
  }
  const urls = imageUrls(article.Image.ImageURL);
  const size = urls.size ?? UNKNOWN_SIZE;
  // The page's first script starts the app once this picture is shown (src/start-after-paint.ts).
  const timing = priority ? { elementtiming: 'main-picture' } : {};
  const img = (
    <img
      src={urls.original}
      alt={article.alt || article.title}
      width={size.width}
      height={size.height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={`aspect-video w-full bg-slate-200 object-cover ${className}`}
      {...timing}
    />
  );
  return (
    <WithVariants urls={urls} sizes={sizes}>
      {img}
    </WithVariants>
  );
}

/**
 * A picture's `<img>` (of its original) offered first in AVIF, then WebP, at each width made for
 * it, for the browser to choose at `sizes`; the `<img>` alone while it has no variants.
 */
export function WithVariants({
  urls,
  sizes,
  children,
}: {
  urls: ImageUrls;
  sizes: string;
  children: ReactElement;
}) {
  if (urls.avif.length === 0) return children;
  // display: contents, so the <img> lays out as if it were the parent's own child.
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(urls.avif)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(urls.webp)} sizes={sizes} />
      {children}
    </picture>
  );
}
