import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageUnavailable } from '../domain/errors.ts';
import type { MediaStorage } from './storage.ts';

export const UPLOADS_PREFIX = '/uploads/';

/** Media under DATA_DIR/uploads, served by this process at /uploads/…. */
export class LocalStorage implements MediaStorage {
  constructor(readonly root: string) {}

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

  async check(): Promise<void> {
    // A small file written and removed where uploads go: proves the folder exists, is writable
    // and the disk has room, without touching any stored media.
    const probe = path.join(this.root, `.health-${randomUUID()}`);
    try {
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe);
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  url(key: string): string {
    return UPLOADS_PREFIX + key;
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return file;
  }
}
