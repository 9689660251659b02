import type { IncomingHttpHeaders } from 'node:http';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../auth/cookies.ts';

/**
 * A request that may be answered per person (a token, or a session cookie by its name): never
 * answered from the public cache nor kept in it.
 */
export function isPersonal({ authorization, cookie }: IncomingHttpHeaders): boolean {
  if (authorization) return true;
  return (
    cookie !== undefined &&
    (cookie.includes(`${ACCESS_COOKIE}=`) || cookie.includes(`${REFRESH_COOKIE}=`))
  );
}
