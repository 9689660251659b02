import type { FastifyInstance } from 'fastify';
import { getDomain } from 'tldts';
import { DomainError } from '../domain/errors.ts';

/**
 * The site of an origin, as browsers decide which cookies a request carries (schemeful
 * same-site): its scheme and registrable domain, or its whole host when it has none
 * (localhost, IP addresses).
 */
function siteOf(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${getDomain(url.hostname) ?? url.hostname}`;
}

/** True when a browser treats a request between the two origins as same-site. */
export function isSameSite(a: string, b: string): boolean {
  return siteOf(a) === siteOf(b);
}

/**
 * SameSite for the session cookies: `strict` while every allowed front end is on the site's own
 * site, `none` (which browsers accept only with Secure) once one is on another site, so its
 * credentialed calls carry the refresh cookie (docs/decisions/014).
 */
export function sessionCookieSameSite(publicUrl: string, corsOrigins: string[]): 'strict' | 'none' {
  return corsOrigins.every((origin) => isSameSite(origin, publicUrl)) ? 'strict' : 'none';
}

export interface TrustedOrigins {
  publicUrl: string;
  corsOrigins: readonly string[];
}

/**
 * Whether a browser request may act on the session: no Origin header (not a browser's
 * cross-origin request), the site's own origin (PUBLIC_URL, or the host the request was sent
 * to, as a proxy may forward it), or an allowed front end.
 */
export function isTrustedOrigin(
  origin: string | undefined,
  requestHost: string,
  trusted: TrustedOrigins,
): boolean {
  if (origin === undefined) return true;
  if (trusted.corsOrigins.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return url.origin === new URL(trusted.publicUrl).origin || url.host === requestHost;
  } catch {
    return false;
  }
}

/**
 * Refuses, in this scope, every request from an origin that may not act on the session (a forged
 * cross-site form or fetch), before anything is read: the sign-in calls and invitation acceptance.
 */
export function refuseUntrustedOrigins(app: FastifyInstance, trusted: TrustedOrigins) {
  app.addHook('onRequest', async (request) => {
    if (!isTrustedOrigin(request.headers.origin, request.host, trusted)) {
      throw new DomainError('FORBIDDEN', 'Requests from this origin are not allowed');
    }
  });
}
