import sharp from 'sharp';
import { LIMITS } from '@newsroom/contract';
import { validationFailed } from '../domain/errors.ts';

export const IMAGE_TOO_LARGE_MESSAGE = 'Image size should not exceed 500KB';
export const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported file format';

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
  if (image.bytes.length > LIMITS.imageBytes) throw imageError(IMAGE_TOO_LARGE_MESSAGE);
  let format: string | undefined;
  try {
    format = (await sharp(image.bytes).metadata()).format;
  } catch {
    throw imageError(UNSUPPORTED_IMAGE_MESSAGE);
  }
  const known = format && format in FORMATS ? FORMATS[format as keyof typeof FORMATS] : null;
  if (!known) throw imageError(UNSUPPORTED_IMAGE_MESSAGE);
  return { bytes: image.bytes, ...known };
}

export const imageError = (message: string) => validationFailed([{ path: 'image', message }]);
