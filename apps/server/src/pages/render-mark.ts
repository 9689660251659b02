import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Marks the server renderer's own API calls, which read an article without counting a view. */
export const RENDER_HEADER = 'x-newsroom-render';

/** A secret of this process, so no outside client can pass for the renderer. */
export class RenderMark {
  readonly token = randomBytes(16).toString('hex');

  isRender(request: FastifyRequest): boolean {
    return request.headers[RENDER_HEADER] === this.token;
  }
}
