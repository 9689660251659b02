import { imageVariants } from '@newsroom/contract';
import { newId } from '../db/ids.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { imageFiles } from './image-files.ts';
import type { CheckedImage } from './image.ts';
import { NEWS_MEDIA_PREFIX } from './media-sweep.ts';

/**
 * An article's picture in the media store: the original and its variants, stored together and
 * removed together. Keys are fresh per upload and never change content (decisions 020, 083).
 */
export class NewsMedia {
  constructor(private readonly storage: MediaStorage) {}

  /**
   * Makes and stores every file of an upload, returning the original's key. When any save fails,
   * the files already saved are taken away again and the storage error is raised.
   */
  async store(image: CheckedImage): Promise<string> {
    const { original, variants } = await imageFiles(image, `${NEWS_MEDIA_PREFIX}${newId()}`);
    const saves = await Promise.allSettled(
      [original, ...variants].map((file) =>
        this.storage.save(file.key, file.bytes, file.contentType),
      ),
    );
    const failure = saves.find((save): save is PromiseRejectedResult => save.status === 'rejected');
    if (failure) {
      await this.remove(original.key);
      throw failure.reason as Error;
    }
    return original.key;
  }

  /** Removes an original and its variants; a file left behind costs disk space only. */
  async remove(key: string): Promise<void> {
    const keys = [key, ...imageVariants(key).map((variant) => variant.url)];
    await Promise.all(keys.map((each) => this.storage.remove(each).catch(() => undefined)));
  }
}
