import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this size compression costs more than it saves. */
const MIN_BYTES = 1024;

function accepts(header: string | undefined, encoding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return name?.trim().toLowerCase() === encoding && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/** The encoding to answer with: brotli, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (accepts(acceptEncoding, 'br')) return 'br';
  if (accepts(acceptEncoding, 'gzip')) return 'gzip';
  return null;
}

const toBrotli = (body: string | Buffer) =>
  brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
const toGzip = (body: string | Buffer) => gzipAsync(body, { level: 6 });

/** The encoding `compressFor` gives a body of `bytes` for this Accept-Encoding. */
export function encodingFor(
  acceptEncoding: string | undefined,
  bytes: number,
): 'br' | 'gzip' | null {
  return bytes < MIN_BYTES ? null : preferredEncoding(acceptEncoding);
}

/** A page body compressed as the client accepts (brotli, else gzip), or as it is. */
export async function compressFor(
  acceptEncoding: string | undefined,
  body: string | Buffer,
): Promise<{ encoding: 'br' | 'gzip' | null; payload: string | Buffer }> {
  const encoding = encodingFor(acceptEncoding, Buffer.byteLength(body));
  if (encoding === 'br') return { encoding, payload: await toBrotli(body) };
  if (encoding === 'gzip') return { encoding, payload: await toGzip(body) };
  return { encoding: null, payload: body };
}

/** Both compressed forms of a body worth compressing, made once for a cached answer. */
export async function compressBoth(
  body: Buffer,
): Promise<{ br: Buffer | null; gzip: Buffer | null }> {
  if (body.length < MIN_BYTES) return { br: null, gzip: null };
  const [br, gz] = await Promise.all([toBrotli(body), toGzip(body)]);
  return { br, gzip: gz };
}
