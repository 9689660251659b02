import fs from 'node:fs/promises';
import path from 'node:path';
import { storageUnavailable } from '../domain/errors.ts';
import type { MediaStorage } from './storage.ts';

export const UPLOADS_PREFIX = '/uploads/';

/** Why a folder cannot be written: permissions, a read-only or full disk, a quota. */
const OUTAGE_CODES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

const isOutage = (error: unknown) =>
  OUTAGE_CODES.has((error as NodeJS.ErrnoException | null)?.code ?? '');

/** Media under DATA_DIR/uploads, served by this process at /uploads/…. */
export class LocalStorage implements MediaStorage {
  constructor(readonly root: string) {}

  async save(key: string, bytes: Buffer): Promise<void> {
    const file = this.resolve(key);
    // Write then rename, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      throw isOutage(error) ? storageUnavailable(error) : error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
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
