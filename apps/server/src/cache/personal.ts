import type { FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';

/** A request that may be answered per person (a session cookie or a token): never cached. */
export function isPersonal(request: FastifyRequest): boolean {
  if (request.headers.authorization) return true;
  const cookies = request.cookies;
  return cookies[ACCESS_COOKIE] !== undefined || cookies[REFRESH_COOKIE] !== undefined;
}
