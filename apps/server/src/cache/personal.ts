import type { IncomingHttpHeaders } from 'node:http';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';

/**
 * A request that may be served per person (a token, or a session cookie by its name): never
 * served from the public cache nor cached in it.
 */
export function isPersonal({ authorization, cookie }: IncomingHttpHeaders): boolean {
  if (authorization) return true;
  return (
    cookie !== undefined &&
    (cookie.includes(`${ACCESS_COOKIE}=`) || cookie.includes(`${REFRESH_COOKIE}=`))
  );
}
