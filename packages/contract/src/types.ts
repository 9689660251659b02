import type { FieldError } from './responses.ts';

/** The envelope of every /api/v1 response (`envelopeSchema` and `errorEnvelopeSchema` describe it). */
export interface ApiEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  count?: number;
  /** On errors: what went wrong, for programs (`NOT_FOUND`, `SLUG_TAKEN`, …); see docs/decisions/064. */
  code?: string;
  errors?: FieldError[];
}
