import type { NewsDto } from '@newsroom/contract';

/** The size of the stored cover pictures (16:9); the layout scales them. */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 675;

interface NewsImageProps {
  article: Pick<NewsDto, 'Image' | 'alt' | 'title'>;
  /** True for the picture a reader sees first: loaded at once, with high priority. */
  priority?: boolean;
  sizes: string;
  className?: string;
}

/** An article's cover picture, or a quiet placeholder when it only has a video. */
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
  return (
    <img
      src={article.Image.ImageURL}
      alt={article.alt || article.title}
      width={IMAGE_WIDTH}
      height={IMAGE_HEIGHT}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'auto' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
      className={`aspect-video w-full bg-slate-200 object-cover ${className}`}
    />
  );
}
