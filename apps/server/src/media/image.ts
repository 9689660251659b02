import sharp, { type Metadata } from 'sharp';
import { IMAGE_MESSAGES, LIMITS } from '@newsroom/contract';
import { validationFailed } from '../domain/errors.ts';

export interface NewsImage {
  bytes: Buffer;
}

export interface CheckedImage {
  bytes: Buffer;
  extension: 'jpg' | 'png' | 'gif';
  contentType: 'image/jpeg' | 'image/png' | 'image/gif';
  /** The size as shown, EXIF orientation applied. */
  width: number;
  height: number;
  /** More than one frame (an animated GIF): kept as it is, without variants. */
  animated: boolean;
}

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
} as const;

/**
 * Accepts an image by its bytes, never by its name or declared type: JPEG, PNG or GIF, ≤ 500 KB,
 * and at most 40 megapixels (a few hundred KB can hold a flat picture too big to resize).
 */
export async function checkImage(image: NewsImage): Promise<CheckedImage> {
  if (image.bytes.length > LIMITS.imageBytes) throw imageError(IMAGE_MESSAGES.tooLarge);
  // The header and the pixels are read at once: under reader load each wait for sharp's threads
  // is a turn of a busy event loop, so one wait instead of two. The header's verdict still comes
  // first, and the decode refuses more pixels than the limit before reading them.
  // (Its failure is kept as a value, so a refusal by the header leaves nothing unhandled.)
  const decoded = assertDecodes(image.bytes).then(
    () => null,
    (error: unknown) => error,
  );
  let metadata: Metadata;
  try {
    metadata = await sharp(image.bytes).metadata();
  } catch {
    throw imageError(IMAGE_MESSAGES.unsupported);
  }
  const { format } = metadata;
  const known = format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : null;
  if (!known) throw imageError(IMAGE_MESSAGES.unsupported);
  const { width, height } = metadata.autoOrient;
  if (width * height > LIMITS.imagePixels) throw imageError(IMAGE_MESSAGES.tooManyPixels);
  const failed = await decoded;
  if (failed) throw failed;
  return { bytes: image.bytes, ...known, width, height, animated: (metadata.pages ?? 1) > 1 };
}

/**
 * Refuses pixel data that cannot be decoded (a file cut short) while the writer still waits for
 * the answer; its variants are made later (variant-maker.ts). A tiny thumbnail reads every byte
 * of the picture, and a JPEG is decoded at an eighth of its size, so the check is cheap.
 */
async function assertDecodes(bytes: Buffer): Promise<void> {
  try {
    await sharp(bytes, { limitInputPixels: LIMITS.imagePixels })
      .resize({ width: 8, height: 8, fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw imageError(IMAGE_MESSAGES.unreadable);
  }
}

export const imageError = (message: string) => validationFailed([{ path: 'image', message }]);

/** The content type of a stored picture, from the extension checkImage gave its key. */
export function imageContentType(key: string): string | null {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    Object.values(FORMATS).find((format) => format.extension === extension)?.contentType ?? null
  );
}
