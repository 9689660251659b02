import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '@newsroom/contract';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

/** Session cookies: never readable by scripts, never sent by other sites, HTTPS-only on HTTPS. */
function cookieOptions(publicUrl: string): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: publicUrl.startsWith('https') };
}

export function setSessionCookies(reply: FastifyReply, session: LoginData, publicUrl: string) {
  const options = cookieOptions(publicUrl);
  void reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...options,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...options,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(reply: FastifyReply, publicUrl: string) {
  const options = cookieOptions(publicUrl);
  void reply.clearCookie(ACCESS_COOKIE, options);
  void reply.clearCookie(REFRESH_COOKIE, options);
}

/** The refresh token of a request: the cookie, or else `refreshToken` in a JSON body. */
export function presentedRefreshToken(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[REFRESH_COOKIE];
  if (cookie) return cookie;
  const body = request.body as { refreshToken?: unknown } | null | undefined;
  return typeof body?.refreshToken === 'string' && body.refreshToken
    ? body.refreshToken
    : undefined;
}
