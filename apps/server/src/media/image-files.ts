import sharp, { type OutputInfo } from 'sharp';
import {
  IMAGE_MESSAGES,
  LIMITS,
  imageVariants,
  sizedImageName,
  type ImageVariant,
} from '@newsroom/contract';
import { animatedImageKey } from './image-keys.ts';
import { imageError, type CheckedImage } from './image.ts';

/** One file to store for an upload. */
export interface ImageFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

interface Decoded {
  data: Buffer;
  info: OutputInfo;
}

/**
 * Encoder settings that stay cheap on two shared cores (decision 083): AVIF at its quickest
 * effort still ends well below the WebP in bytes, WebP at a low effort, a plain JPEG.
 */
const AVIF = { quality: 50, effort: 0 } as const;
const WEBP = { quality: 75, effort: 2 } as const;
const JPEG = { quality: 80, progressive: true } as const;

/**
 * The files a picture ends as: the original byte for byte, then (unless it is animated) its
 * AVIF and WebP widths and the share JPEG, named by the contract's rule (images.ts). The picture
 * is decoded and turned upright once; the variants are encoded concurrently in sharp's
 * threadpool and carry no metadata (EXIF, XMP, ICC) of the original.
 */
export async function imageFiles(
  image: CheckedImage,
  stem: string,
): Promise<{ original: ImageFile; variants: ImageFile[] }> {
  const { bytes, contentType, extension } = image;
  if (image.animated) {
    return { original: { key: animatedImageKey(stem), bytes, contentType }, variants: [] };
  }
  const key = sizedImageName(stem, image.width, image.height, extension);
  const variants = imageVariants(key);
  const decoded = await decodeUpright(image, Math.max(...variants.map((v) => v.width)));
  const files = await Promise.all(
    variants.map(async (variant) => ({
      key: variant.url,
      bytes: await encode(decoded, variant),
      contentType: variant.type,
    })),
  );
  return { original: { key, bytes, contentType }, variants: files };
}

/**
 * The picture upright, in sRGB, no wider than the widest variant, as raw pixels. Its header was
 * read when it was checked; pixels that cannot be decoded (a file cut short) are refused here.
 */
async function decodeUpright(image: CheckedImage, widest: number): Promise<Decoded> {
  let pipeline = sharp(image.bytes, { limitInputPixels: LIMITS.imagePixels }).autoOrient();
  if (widest < image.width) pipeline = pipeline.resize({ width: widest });
  try {
    return await pipeline.toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch {
    throw imageError(IMAGE_MESSAGES.unreadable);
  }
}

function encode({ data, info }: Decoded, variant: ImageVariant): Promise<Buffer> {
  const { width, height, channels } = info;
  const resized = sharp(data, { raw: { width, height, channels } }).resize(
    variant.width,
    variant.height,
    { fit: 'fill' },
  );
  if (variant.type === 'image/avif') return resized.avif(AVIF).toBuffer();
  if (variant.type === 'image/webp') return resized.webp(WEBP).toBuffer();
  return resized.flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}
