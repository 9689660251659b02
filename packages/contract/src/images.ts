/**
 * Which files exist for an uploaded image, read from its URL (or its storage key) alone.
 *
 * An original stored with variants is named `<id>-<W>x<H>.<ext>`, W×H being its size as shown
 * (orientation applied). Beside it, with the original's name as prefix:
 *   `<original>.<w>w.avif` and `<original>.<w>w.webp` for each width of `variantWidths(W)`,
 *   `<original>.og.jpg`, at most 1200 wide, for Open Graph and other link previews.
 * An original named without its size (`<id>.<ext>`) has no variants: pages show it alone.
 * The API's `Image.ImageURL` is unchanged; this is the one rule that turns it into the others.
 */

/** Widths a browser may choose from; none wider than the original. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1200, 1600] as const;
const MAX_WIDTH = Math.max(...IMAGE_WIDTHS);
/** Open Graph, Twitter cards and Google's article images want 1200 pixels across. */
export const SHARE_IMAGE_WIDTH = 1200;

export type VariantType = 'image/avif' | 'image/webp' | 'image/jpeg';

export interface ImageVariant {
  /** The URL (or key) of the variant: the original's plus a suffix. */
  url: string;
  width: number;
  height: number;
  type: VariantType;
}

export interface ImageUrls {
  original: string;
  /** The original's size as shown; null when it was stored without variants. */
  size: { width: number; height: number } | null;
  /** Narrowest first; empty when there are no variants. */
  avif: ImageVariant[];
  webp: ImageVariant[];
  /** A JPEG at most 1200 wide for link previews; the original when there are no variants. */
  share: { url: string; width: number | null; height: number | null; type: string | null };
}

const SIZED_NAME = /-(\d{1,5})x(\d{1,5})\.(jpg|png|gif)$/;
const VARIANT_SUFFIX = /\.(?:\d{1,5}w\.(?:avif|webp)|og\.jpg)$/;

/** The widths made of an original `width` pixels across: the listed ones below it, and itself. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, MAX_WIDTH);
  return [...IMAGE_WIDTHS.filter((listed) => listed < largest), largest];
}

/** The name an original is stored under when it gets variants: `<stem>-<W>x<H>.<extension>`. */
export function sizedImageName(stem: string, width: number, height: number, extension: string) {
  return `${stem}-${width}x${height}.${extension}`;
}

/** The size written into an original's name, or null for an original without variants. */
export function imageSize(original: string): { width: number; height: number } | null {
  const match = SIZED_NAME.exec(original);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Every variant of an original (AVIF, WebP, then the share JPEG); none for one without size. */
export function imageVariants(original: string): ImageVariant[] {
  const size = imageSize(original);
  if (!size) return [];
  const scaled = (width: number) => Math.max(1, Math.round((size.height * width) / size.width));
  const widths = variantWidths(size.width);
  const at = (width: number, format: 'avif' | 'webp'): ImageVariant => ({
    url: `${original}.${width}w.${format}`,
    width,
    height: scaled(width),
    type: `image/${format}`,
  });
  const shareWidth = Math.min(size.width, SHARE_IMAGE_WIDTH);
  return [
    ...widths.map((width) => at(width, 'avif')),
    ...widths.map((width) => at(width, 'webp')),
    {
      url: `${original}.og.jpg`,
      width: shareWidth,
      height: scaled(shareWidth),
      type: 'image/jpeg',
    },
  ];
}

/** The original a variant belongs to, or null when `name` is not a variant's. */
export function originalOfVariant(name: string): string | null {
  return VARIANT_SUFFIX.test(name) ? name.replace(VARIANT_SUFFIX, '') : null;
}

/** The URLs a page, a feed or structured data may use for an image's `ImageURL`. */
export function imageUrls(original: string): ImageUrls {
  const variants = imageVariants(original);
  const share = variants.find((variant) => variant.type === 'image/jpeg');
  return {
    original,
    size: imageSize(original),
    avif: variants.filter((variant) => variant.type === 'image/avif'),
    webp: variants.filter((variant) => variant.type === 'image/webp'),
    share: share ?? { url: original, width: null, height: null, type: null },
  };
}

/** A `srcset` attribute: each URL with its width. */
export function srcSet(variants: ImageVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');
}
