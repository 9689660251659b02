import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasBody } from './request-limits.ts';

/** How much of a refused body is read and thrown away to keep its connection usable. */
export const DRAIN_LIMIT_BYTES = 1024 * 1024;

/**
 * A request answered before its body was read (401 from the admin guard, 404, 413, a multipart
 * form refused half-way) would leave the rest of the body in the connection, and a kept-alive
 * client would wait for an answer to a request the server never sees. So such a body is read
 * and discarded up to DRAIN_LIMIT_BYTES, and a longer one (or one that turns out longer) has
 * its connection closed after the answer.
 */
function settleUnreadBody(request: FastifyRequest): 'drain' | 'close' | 'none' {
  const raw = request.raw;
  if (!hasBody(request) || raw.readableEnded) return 'none';
  const declared = Number(raw.headers['content-length'] ?? 0);
  if (declared > DRAIN_LIMIT_BYTES) return 'close';
  let read = 0;
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) raw.socket.destroy();
  });
  raw.resume();
  return 'drain';
}

export function registerRefusedBodyHandling(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (settleUnreadBody(request) === 'close') void reply.header('connection', 'close');
    return payload;
  });
}
