import { LRUCache } from 'lru-cache';
import type { MediaStorage } from './storage.ts';

/** Enough for every picture of many rebuilt feeds; an entry costs a key and a number. */
const REMEMBERED_SIZES = 10_000;

/**
 * Byte sizes of stored media, as feeds declare them in `<enclosure length>`. A key's content never
 * changes (a new upload gets a new key), so a size read once from the store holds for good and a
 * rebuilt feed asks the store only about pictures it has not seen (decision 082).
 */
export class MediaSizes {
  private readonly known = new LRUCache<string, number>({ max: REMEMBERED_SIZES });

  constructor(private readonly storage: MediaStorage) {}

  /** The object's size in bytes, or null when the store holds nothing under the key. */
  async of(key: string): Promise<number | null> {
    const remembered = this.known.get(key);
    if (remembered !== undefined) return remembered;
    const size = await this.storage.size(key);
    if (size !== null) this.known.set(key, size);
    return size;
  }
}
