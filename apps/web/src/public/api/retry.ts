import { QUERY_RETRIES } from '@newsroom/contract';
import { ApiError } from '../../lib/api.ts';

/**
 * Retries of public reads: up to the spec's 3 in the browser, none for answers that will not
 * change (4xx such as an unknown slug), and none on the server, where a render must not wait.
 */
export function publicRetry(failureCount: number, error: Error): boolean {
  if (typeof window === 'undefined') return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}
