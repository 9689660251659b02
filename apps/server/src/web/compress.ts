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

/** A page body compressed as the client accepts (brotli, else gzip), or as it is. */
export async function compressFor(
  acceptEncoding: string | undefined,
  body: string,
): Promise<{ encoding: 'br' | 'gzip' | null; payload: string | Buffer }> {
  if (Buffer.byteLength(body) < MIN_BYTES) return { encoding: null, payload: body };
  if (accepts(acceptEncoding, 'br')) {
    const payload = await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { encoding: 'br', payload };
  }
  if (accepts(acceptEncoding, 'gzip')) {
    return { encoding: 'gzip', payload: await gzipAsync(body, { level: 6 }) };
  }
  return { encoding: null, payload: body };
}
