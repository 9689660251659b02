import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';

/** Marks the server renderer's own API calls, which read an article without counting a view. */
export const RENDER_HEADER = 'x-newsroom-render';

/** A secret of this process, so no outside client can pass for the renderer. */
export class RenderMark {
  readonly token = randomBytes(16).toString('hex');

  isRender(request: FastifyRequest): boolean {
    return request.headers[RENDER_HEADER] === this.token;
  }
}

/** A request that may be answered per person (a session cookie or a token): never cached. */
export function isPersonal(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookies = request.cookies;
  return cookies[ACCESS_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
}
