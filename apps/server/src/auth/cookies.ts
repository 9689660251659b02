import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LoginData } from '@newsroom/contract';
import { sessionCookieSameSite } from '../security/origins.ts';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from './tokens.ts';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

/** Where the site is and which front ends of other origins may use its API. */
export interface CookieSite {
  publicUrl: string;
  corsOrigins: string[];
}

/**
 * Session cookies: never readable by scripts; sent by no other site unless an allowed front end
 * lives on one (then SameSite=None, which requires Secure; docs/decisions/014); HTTPS-only on HTTPS.
 */
function cookieOptions(site: CookieSite): CookieSerializeOptions {
  const sameSite = sessionCookieSameSite(site.publicUrl, site.corsOrigins);
  const secure = sameSite === 'none' || site.publicUrl.startsWith('https');
  return { httpOnly: true, sameSite, path: '/', secure };
}

export function setSessionCookies(reply: FastifyReply, session: LoginData, site: CookieSite) {
  const options = cookieOptions(site);
  void reply.setCookie(ACCESS_COOKIE, session.accessToken, {
    ...options,
    maxAge: ACCESS_TOKEN_TTL_SECONDS,
  });
  void reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...options,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookies(reply: FastifyReply, site: CookieSite) {
  const options = cookieOptions(site);
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
