import sharp from 'sharp';
import { IMAGE_MESSAGES, LIMITS } from '@newsroom/contract';
import { validationFailed } from '../domain/errors.ts';

export interface NewsImage {
  bytes: Buffer;
}

export interface CheckedImage {
  bytes: Buffer;
  extension: 'jpg' | 'png' | 'gif';
  contentType: 'image/jpeg' | 'image/png' | 'image/gif';
}

const FORMATS = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
} as const;

/** Accepts an image by its bytes, never by its name or declared type: JPEG, PNG or GIF, ≤ 500 KB. */
export async function checkImage(image: NewsImage): Promise<CheckedImage> {
  if (image.bytes.length > LIMITS.imageBytes) throw imageError(IMAGE_MESSAGES.tooLarge);
  let format: string | undefined;
  try {
    format = (await sharp(image.bytes).metadata()).format;
  } catch {
    throw imageError(IMAGE_MESSAGES.unsupported);
  }
  const known = format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : null;
  if (!known) throw imageError(IMAGE_MESSAGES.unsupported);
  return { bytes: image.bytes, ...known };
}

export const imageError = (message: string) => validationFailed([{ path: 'image', message }]);

/** The content type of a stored picture, from the extension checkImage gave its key. */
export function imageContentType(key: string): string | null {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    Object.values(FORMATS).find((format) => format.extension === extension)?.contentType ?? null
  );
}
