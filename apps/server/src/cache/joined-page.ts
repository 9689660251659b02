import { promisify } from 'node:util';
import { constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import type { PageSlot } from '@newsroom/contract';
import { crc32CombineShifted, crc32Shift } from './crc32-combine.ts';
import type { CacheValue } from './entries.ts';
import type { PageArticle, CachedResponse } from './cached-response.ts';

const deflateRawAsync = promisify(deflateRaw);

/**
 * A piece of a page, cached as it is and compressed on its own: raw DEFLATE ended by a sync flush
 * (RFC 1951 §3.2.3 blocks, byte-aligned and not final), so pieces compressed apart follow each
 * other in one stream. A gzip body is then a header, the pieces in order, an empty final block and
 * the CRC-32 and length of the whole (RFC 1952 §2.3): joining a page costs copying, not
 * compressing.
 */
export interface Piece {
  identity: Buffer;
  deflate: Buffer;
  /** The CRC-32 of `identity`, so a join combines CRCs rather than reading every byte again. */
  crc: number;
  /** `crc32Shift` of `identity`'s length: what a join multiplies the CRC before the piece by. */
  shift: number;
}

/** Where a shared part goes in a page, and which of its items that page keeps. */
export interface SlotRef {
  /** The shared part's cache key. */
  fragment: string;
  /** What the page asked for there, from which the shared part is built. */
  slot: PageSlot;
  /** Leave out the item of this slug (the page's own article); null: keep every item. */
  exclude: string | null;
  /** At most this many items; null: all. */
  limit: number | null;
}

/**
 * A page cached in pieces: its own markup, and the places of the shared parts joined into it as it
 * is served (decision 133). Served in gzip or as it is (brotli streams cannot be joined). Its
 * `bytes` count its last join's gzip body too (about its own pieces' compressed size).
 */
export interface StoredPage extends CacheValue {
  status: number;
  headers: Record<string, string>;
  parts: Array<Piece | SlotRef>;
  viewOf: PageArticle | null;
}

/**
 * A shared part (the menu, 'Read this also', 'Related News'), cached once for every page: one piece
 * for each article a page may leave out (`without` its slug), and one (`without` null) for a page
 * whose article is not among them. A piece is compressed whole: items compressed one by one lose
 * what they repeat of each other. Null where no item is left: the page shows nothing there.
 */
export interface StoredFragment extends CacheValue {
  variants: { without: string | null; piece: Piece | null }[];
}

/** Raw DEFLATE ended by a sync flush, so that pieces compressed apart follow each other. */
const PIECE_DEFLATE = { level: 6, finishFlush: constants.Z_SYNC_FLUSH };

export async function pieceOf(text: string): Promise<Piece> {
  const identity = Buffer.from(text);
  const deflate = await deflateRawAsync(identity, PIECE_DEFLATE);
  return { identity, deflate, ...checksOf(identity) };
}

/** A piece's CRC-32 and shift, worked out once where it is made. */
const checksOf = (identity: Uint8Array) => ({
  crc: crc32(identity),
  shift: crc32Shift(identity.byteLength),
});

/**
 * `pieceOf` compressed on the calling thread, for a render worker: the site's thread would pay
 * for each asynchronous compression's setup (about 75 µs) while readers wait.
 */
export function pieceOfNow(text: string): Piece {
  const identity = ownBytes(new TextEncoder().encode(text));
  const deflate = deflateRawSync(identity, PIECE_DEFLATE);
  return { identity, deflate: ownBytes(new Uint8Array(deflate)), ...checksOf(identity) };
}

/**
 * A Buffer over the whole of `array`'s own memory: sent to another thread, only these bytes are
 * copied, not a shared pool or a larger output buffer they were cut from.
 */
const ownBytes = (array: Uint8Array) =>
  Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/** A piece made in a worker thread, whose buffers arrive as plain byte arrays: Buffers again. */
export function arrivedPiece(piece: Piece): Piece {
  return {
    identity: ownBytes(piece.identity),
    deflate: ownBytes(piece.deflate),
    crc: piece.crc,
    shift: piece.shift,
  };
}

const isSlot = (part: Piece | SlotRef): part is SlotRef => 'fragment' in part;

/** What a page's pieces hold: each as it is and compressed, and its join's gzip (about as much). */
export const pageBytes = (parts: ReadonlyArray<Piece | SlotRef>): number =>
  parts.reduce(
    (sum, part) => sum + (isSlot(part) ? 0 : part.identity.length + 2 * part.deflate.length),
    0,
  );

/** The piece of a shared part a page shows: the one without its article, if any is. */
function piecesOf(fragment: StoredFragment, slot: SlotRef): Piece[] {
  const variant =
    fragment.variants.find((one) => one.without !== null && one.without === slot.exclude) ??
    fragment.variants.find((one) => one.without === null);
  return variant?.piece ? [variant.piece] : [];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed codes: BFINAL 1, BTYPE 01, end of block. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** One gzip member of pieces compressed apart, with the CRC-32 and length of what it holds. */
function gzipOf(pieces: readonly Piece[]): { gzip: Buffer; crc: number; length: number } {
  let crc = 0;
  let length = 0;
  const parts: Buffer[] = [GZIP_HEADER];
  for (const piece of pieces) {
    crc = crc32CombineShifted(crc, piece.crc, piece.shift);
    length += piece.identity.length;
    parts.push(piece.deflate);
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_BLOCK, trailer);
  return { gzip: Buffer.concat(parts), crc, length };
}

/**
 * A page joined with its shared parts, as a response to send. The body as it is is joined only for
 * the rare client that takes no gzip; the join keeps the gzip alone.
 */
class JoinedPage implements CachedResponse {
  readonly br = null;
  readonly precompressed = true;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly viewOf: StoredPage['viewOf'];
  readonly tags: StoredPage['tags'];
  readonly gzip: Buffer;
  readonly etag: string;
  readonly bytes: number;
  private whole: Buffer | null = null;

  constructor(
    page: StoredPage,
    private readonly pieces: readonly Piece[],
  ) {
    const { gzip, crc, length } = gzipOf(pieces);
    this.status = page.status;
    this.headers = page.headers;
    this.viewOf = page.viewOf;
    this.tags = page.tags;
    this.gzip = gzip;
    // The content's CRC-32 and length: another join of the page makes another tag.
    this.etag = `${crc.toString(36)}.${length.toString(36)}`;
    this.bytes = gzip.length;
  }

  get identity(): Buffer {
    this.whole ??= Buffer.concat(this.pieces.map((piece) => piece.identity));
    return this.whole;
  }
}

/** The last join of each page, with the shared parts it was made of. */
const joins = new WeakMap<StoredPage, { fragments: StoredFragment[]; joined: CachedResponse }>();

/**
 * The page as a response to send, its shared parts joined in; undefined while one of them is not
 * at hand (`fragmentOf` gives none). Made once per page and set of shared parts.
 */
export function joinPage(
  page: StoredPage,
  fragmentOf: (key: string) => StoredFragment | undefined,
): CachedResponse | undefined {
  const last = joins.get(page);
  const fragments: StoredFragment[] = [];
  let same = last !== undefined;
  for (const part of page.parts) {
    if (!isSlot(part)) continue;
    const fragment = fragmentOf(part.fragment);
    if (!fragment) return undefined;
    if (same && last?.fragments[fragments.length] !== fragment) same = false;
    fragments.push(fragment);
  }
  if (same && last) return last.joined;
  const pieces: Piece[] = [];
  let next = 0;
  for (const part of page.parts) {
    if (isSlot(part)) pieces.push(...piecesOf(fragments[next++] as StoredFragment, part));
    else pieces.push(part);
  }
  const joined = new JoinedPage(page, pieces);
  joins.set(page, { fragments, joined });
  return joined;
}
