import type { FieldError } from '@newsroom/contract';

/**
 * What went wrong, in the product's own terms. Services, storage drivers and the database layer
 * raise these; only the HTTP layer (http/error-handler.ts) turns a code into a status.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'GONE'
  | 'CONFLICT'
  | 'SLUG_TAKEN'
  | 'NAME_TAKEN'
  | 'EMAIL_TAKEN'
  | 'IN_USE'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS'
  | 'STORAGE_UNAVAILABLE'
  | 'DATABASE_UNAVAILABLE'
  | 'MAIL_UNAVAILABLE';

export interface ErrorDetails {
  /** One entry per failing field, for validation failures. */
  errors?: FieldError[];
  /** For throttles: when the client may try again. */
  retryAfterSeconds?: number;
  /** What the answer's `data` says of the refusal (a version conflict: who saved since). */
  data?: unknown;
}

/** An error whose message is written for the person who caused it and is safe to show. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** The media store cannot be written or read (full disk, lost permissions, bucket unreachable). */
export const storageUnavailable = (cause?: unknown) =>
  Object.assign(
    new DomainError(
      'STORAGE_UNAVAILABLE',
      'Media storage is unavailable right now; nothing was saved. Please try again in a moment',
    ),
    { cause },
  );

/** The database cannot be reached (restarting, network gone); nothing was changed. */
export const databaseUnavailable = (cause?: unknown) =>
  Object.assign(
    new DomainError(
      'DATABASE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again in a moment',
    ),
    { cause },
  );

/** Input that breaks the rules: `message` is the first failing field's, `errors` lists them all. */
export const validationFailed = (errors: FieldError[]) =>
  new DomainError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid input', { errors });

/** A throttle is spent; the client may try again after `retryAfterSeconds`. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new DomainError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`,
    { retryAfterSeconds },
  );
