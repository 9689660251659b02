import { imageVariants } from '@newsroom/contract';
import { newId } from '../db/ids.ts';
import type { MediaStorage } from '../storage/storage.ts';
import type { ImageFile } from './image-files.ts';
import { animatedImageKey, pendingImageKey, pendingKeyOf } from './image-keys.ts';
import type { CheckedImage } from './image.ts';
import { NEWS_MEDIA_PREFIX } from './media-sweep.ts';

/**
 * An article's picture in the media store: the original as uploaded, then (made later by the
 * variant maker) the original again under its sized name with its variants; removed together.
 * Keys are fresh per upload and never change content (decisions 020, 060, 083).
 */
export class NewsMedia {
  constructor(private readonly storage: MediaStorage) {}

  /**
   * Stores a checked upload as sent, returning its key: the pending name (its variants are made
   * after the write answers), or the animated name of an animated GIF, which gets none.
   */
  async storeUpload(image: CheckedImage): Promise<string> {
    const stem = `${NEWS_MEDIA_PREFIX}${newId()}`;
    const key = image.animated ? animatedImageKey(stem) : pendingImageKey(stem, image.extension);
    await this.storage.save(key, image.bytes, image.contentType);
    return key;
  }

  /**
   * Stores every file of a picture. When any save fails, the files already saved are taken away
   * again and the storage error is raised.
   */
  async storeFiles(files: ImageFile[]): Promise<void> {
    const saves = await Promise.allSettled(
      files.map((file) => this.storage.save(file.key, file.bytes, file.contentType)),
    );
    const failure = saves.find((save): save is PromiseRejectedResult => save.status === 'rejected');
    if (failure) {
      await Promise.all(files.map((file) => this.storage.remove(file.key).catch(() => undefined)));
      throw failure.reason as Error;
    }
  }

  /**
   * Removes an upload: the original, its variants and the pending name it was first stored
   * under. A file left behind costs disk space only.
   */
  async remove(key: string): Promise<void> {
    const pending = pendingKeyOf(key);
    const keys = [key, ...imageVariants(key).map((variant) => variant.url)];
    if (pending) keys.push(pending);
    await Promise.all(keys.map((each) => this.storage.remove(each).catch(() => undefined)));
  }
}
