import type { ResponseCode } from './error-statuses.ts';

/**
 * A request refused by the HTTP layer before any service runs (an address too long, a body on a
 * GET, …). Like a DomainError it carries a code and a message written for the client.
 */
export class RequestError extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}
