import type { ApiEnvelope } from '@newsroom/contract';

/** A successful response: every success of /api/v1 answers 200 with this shape. */
export function ok<T, Extra extends object = Record<never, never>>(
  data: T,
  message = 'Success',
  extra: Extra = {} as Extra,
) {
  return { statusCode: 200, data, message, ...extra } satisfies ApiEnvelope<T>;
}
