import { sql, type RawBuilder } from 'kysely';
import { NEWS_MEDIA_PREFIX } from './media-sweep.ts';

/**
 * The names an upload is stored under, besides the contract's sized name (images.ts):
 *   `news/<uuid>.<ext>`           as the write stores it, until its variants are made (pending);
 *   `news/<uuid>-animated.gif`    an animated GIF, shown as it is, never given variants.
 * Uploads from before variants existed carry the pending name too, so the variant maker
 * (variant-maker.ts) takes them up like a write whose variants were never made.
 */
const PENDING_NAME =
  /^news\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|gif)$/;

/** `news/` + a 36-character UUID + `.jpg|.png|.gif`: no sized or animated name is this short. */
const PENDING_NAME_LENGTH = NEWS_MEDIA_PREFIX.length + 36 + 4;

/** The pending name of an upload: `<stem>.<extension>`. */
export const pendingImageKey = (stem: string, extension: string) => `${stem}.${extension}`;

/** The name of an animated GIF, which keeps no pending name since it gets no variants. */
export const animatedImageKey = (stem: string) => `${stem}-animated.gif`;

export const isPendingImageKey = (key: string) => PENDING_NAME.test(key);

/** `news/<uuid>` of a pending name. */
export const stemOfPendingKey = (key: string) => key.slice(0, key.lastIndexOf('.'));

/**
 * The pending name the upload behind a sized or animated name was first stored under, or null
 * for a pending name itself.
 */
export function pendingKeyOf(key: string): string | null {
  const match = /^(news\/[0-9a-f-]{36})-(?:\d{1,5}x\d{1,5}|animated)\.(jpg|png|gif)$/.exec(key);
  return match ? pendingImageKey(match[1] ?? '', match[2] ?? '') : null;
}

/**
 * SQL true for rows whose image has a pending name, as literal text so that both databases match
 * a query's condition to the partial index `news_pending_image_idx` (migration 0008) built on it.
 */
export const PENDING_IMAGE_PREDICATE = `length(image_key) = ${PENDING_NAME_LENGTH}`;

export const pendingImageSql = (): RawBuilder<boolean> =>
  sql<boolean>`${sql.raw(PENDING_IMAGE_PREDICATE)}`;
