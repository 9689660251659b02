import { imageUrls } from '@newsroom/contract';

/** The picture of a link preview: its URL and, when known, its size and type. */
export interface ShareImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
  type?: string;
}

/** An article picture's share variant (at most 1200 wide, JPEG), or the original without one. */
export function shareImage(imageUrl: string, alt: string): ShareImage {
  const { url, width, height, type } = imageUrls(imageUrl).share;
  return {
    url,
    alt,
    ...(width !== null && height !== null ? { width, height } : {}),
    ...(type !== null ? { type } : {}),
  };
}

/** Open Graph and Twitter card tags of a picture; `url` is already absolute, `alt` escaped. */
export function shareImageTags(image: ShareImage, url: string, alt: string): string[] {
  const tags = [`<meta property="og:image" content="${url}" />`];
  if (image.width && image.height) {
    tags.push(
      `<meta property="og:image:width" content="${image.width}" />`,
      `<meta property="og:image:height" content="${image.height}" />`,
    );
  }
  if (image.type) tags.push(`<meta property="og:image:type" content="${image.type}" />`);
  tags.push(
    `<meta property="og:image:alt" content="${alt}" />`,
    `<meta name="twitter:image" content="${url}" />`,
    `<meta name="twitter:image:alt" content="${alt}" />`,
  );
  return tags;
}
