import type { S3Config } from '../config/env.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { MediaStorage } from './storage.ts';

/**
 * Which media store to open, as plain data: the app opens it, and so does the variant process
 * (media/variant-worker.ts), which is handed the same settings.
 */
export type StorageSettings =
  { driver: 'local'; root: string; publicUrl: string } | { driver: 's3'; s3: S3Config };

export function openStorage(settings: StorageSettings): MediaStorage {
  return settings.driver === 's3'
    ? new S3Storage(settings.s3)
    : new LocalStorage(settings.root, settings.publicUrl);
}
