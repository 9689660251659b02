import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from './storage.ts';

export const UPLOADS_PREFIX = '/uploads/';

/**
 * Media under DATA_DIR/uploads, served by this process at /uploads/…. With a `publicUrl` their
 * URLs are absolute, so a front end on another origin shows them too; without, relative.
 */
export class LocalStorage implements MediaStorage {
  constructor(
    readonly root: string,
    private readonly publicUrl = '',
  ) {}

  async save(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  url(key: string): string {
    return this.publicUrl + UPLOADS_PREFIX + key;
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return file;
  }
}
