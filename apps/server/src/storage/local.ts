import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { storageUnavailable } from '../domain/errors.ts';
import type { MediaStorage, StoredObject } from './storage.ts';

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

  /**
   * Writes then renames, so a reader never sees half a file; a crash between the two leaves a
   * `.tmp` file, which the media sweep removes once it is old enough. The three steps run without
   * yielding: a file here is at most an upload (500 KB) going to the page cache (no fsync), well
   * under a millisecond, where under reader load each asynchronous step waited a whole turn of a
   * busy event loop (about 120 ms for the five of them, in `npm run bench -- --mixed`).
   */
  async save(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    const temp = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
    try {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(temp, bytes);
      renameSync(temp, file);
    } catch (error) {
      try {
        rmSync(temp, { force: true });
      } catch {
        // left for the media sweep
      }
      throw storageUnavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    const file = this.resolve(key);
    await fs.rm(file, { force: true }).catch((error: unknown) => {
      throw storageUnavailable(error);
    });
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageUnavailable(error);
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fs.stat(this.resolve(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storageUnavailable(error);
    }
  }

  url(key: string): string {
    return this.publicUrl + UPLOADS_PREFIX + key;
  }

  /** A small file written and removed where uploads go, touching no stored media. */
  async check(): Promise<void> {
    const probe = path.join(this.root, `.check-${process.pid}-${randomUUID().slice(0, 8)}`);
    try {
      await fs.mkdir(this.root, { recursive: true });
      await fs.writeFile(probe, '');
      await fs.rm(probe);
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    // Walk only the folder the prefix names, then match the rest of the prefix on the key.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = path.resolve(this.root, folder);
    let entries;
    try {
      entries = await fs.readdir(start, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw storageUnavailable(error);
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.root, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const stat = await fs.stat(file).catch(() => null);
      if (stat) yield { key, lastModified: stat.mtime };
    }
  }

  async close(): Promise<void> {}

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Invalid media key: ${key}`);
    return file;
  }
}
