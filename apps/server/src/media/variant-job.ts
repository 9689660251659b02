import type { MediaStorage } from '../storage/storage.ts';
import { imageFiles } from './image-files.ts';
import { stemOfPendingKey } from './image-keys.ts';
import { checkImage } from './image.ts';
import { NewsMedia } from './media.ts';

/**
 * Makes the variants of an upload stored under its pending key: reads it from the store, decodes
 * it once (image-files.ts) and stores the original again under its sized name (or its animated
 * name) beside every variant. Returns that key; the article still names the pending one.
 */
export async function makeVariants(storage: MediaStorage, pendingKey: string): Promise<string> {
  const bytes = await storage.read(pendingKey);
  if (!bytes) throw new Error(`${pendingKey} is no longer in the media store`);
  const image = await checkImage({ bytes });
  const { original, variants } = await imageFiles(image, stemOfPendingKey(pendingKey));
  await new NewsMedia(storage).storeFiles([original, ...variants]);
  return original.key;
}
