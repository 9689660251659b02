/** One stored object, as listed by a driver. */
export interface StoredObject {
  key: string;
  lastModified: Date;
}

/**
 * Where uploaded media live: a local folder (default) or an S3-compatible bucket. Every failure to
 * reach or write the store is raised as storageUnavailable() (domain/errors.ts), never a raw error.
 */
export interface MediaStorage {
  /** Stores bytes under a key such as `news/2f1c….jpg`; a key's content never changes. */
  save(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under a key, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a stored object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The byte size of a stored object, or null when there is none under the key. */
  size(key: string): Promise<number | null>;
  /** The URL a browser loads the object from. */
  url(key: string): string;
  /** Resolves when the store can be written right now; throws storageUnavailable() otherwise. */
  check(): Promise<void>;
  /** Every stored object whose key starts with `prefix`, including a driver's leftovers. */
  list(prefix: string): AsyncIterable<StoredObject>;
  /** Lets go of connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** Keys never change content (a new upload gets a new key), so browsers and CDNs may keep them. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
