import type { FastifyInstance, FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, errorEnvelopeSchema } from '@newsroom/contract';
import { STATUS_OF_CODE, type ResponseCode } from './error-statuses.ts';

/**
 * Routes of /api/v1 declare their request and response schemas from the contract (decision 092).
 * Requests stay `unknown` to handlers: they are parsed by the services' own calls to `validate`,
 * after the throttles and with the project's messages (decision 003). Replies are typed, and
 * serialised, by their response schemas.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Request schemas only describe: a request is passed on as it came, and the handler validates it
 * where it always did, so Fastify never answers bad input with messages of its own.
 */
const describeOnly: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

/** Puts the scope's routes on contract schemas: described requests, serialised replies. */
export function useContractSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(describeOnly);
  app.setSerializerCompiler(serializerCompiler);
}

const responseCodes = Object.keys(STATUS_OF_CODE) as [ResponseCode, ...ResponseCode[]];

/** Every error answer (decision 064), with the codes this server can send. */
const errorAnswer = errorEnvelopeSchema
  .extend({ code: z.enum(responseCodes) })
  .describe('An error, in the envelope');
const errorAnswers = { '4xx': errorAnswer, '5xx': errorAnswer };

/**
 * The responses of a route: 200 with `data` in the envelope (and what sits beside it), and the
 * error envelope for 4xx and 5xx.
 */
export function answers<T extends z.ZodType, Extra extends z.ZodRawShape = Record<never, never>>(
  data: T,
  extra: Extra = {} as Extra,
) {
  return { 200: envelopeSchema(data, extra).describe('Success'), ...errorAnswers };
}

/** The responses of a route that answers 204 with no body on success. */
export function answersNothing(description: string) {
  return { 204: z.null().describe(description), ...errorAnswers };
}

/** `{ id }` in the path. */
export const idParams = z.object({ id: z.string() });
export type IdParams = z.infer<typeof idParams>;
