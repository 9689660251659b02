/** Where uploaded media live. The local driver is the default; an S3 driver can implement the same. */
export interface MediaStorage {
  /** Stores bytes under a key such as `news/2f1c….jpg`. */
  save(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes a stored object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The URL a browser loads the object from. */
  url(key: string): string;
  /** Throws storageUnavailable() when the store cannot be written. */
  check(): Promise<void>;
}
