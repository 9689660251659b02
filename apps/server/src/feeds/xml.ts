import type { FastifyReply, FastifyRequest } from 'fastify';
import { compressFor } from '../cache/compress.ts';

/** Feeds and sitemaps may be kept by browsers and shared caches for five minutes. */
const FEED_MAX_AGE_SECONDS = 300;

/** Text or an attribute value made safe inside XML. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** An XML document, compressed when the client accepts it. */
export async function sendXml(
  request: FastifyRequest,
  reply: FastifyReply,
  contentType: string,
  body: string,
  maxAgeSeconds = FEED_MAX_AGE_SECONDS,
) {
  const { encoding, payload } = await compressFor(request.headers['accept-encoding'], body);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply
    .header('content-type', contentType)
    .header('cache-control', `public, max-age=${maxAgeSeconds}`)
    .header('vary', 'Accept-Encoding')
    .send(payload);
}
