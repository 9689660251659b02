import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Actor } from '../domain/actor.ts';
import { ok } from './envelope.ts';
import { answers, idParams, type IdParams } from './route-schemas.ts';
import { validate } from './validate.ts';

/**
 * The writes of a back-office record: each answers the record as it now is (or was), and names
 * who made it in the audit trail.
 */
export interface RecordWrites<Input, Record> {
  create(input: Input, actor: Actor): Promise<Record>;
  update(id: string, input: Input, actor: Actor): Promise<Record>;
  delete(id: string, actor: Actor): Promise<Record>;
}

interface RecordWriteOptions<I extends z.ZodType, R extends z.ZodType> {
  /** How the messages name the record: `${label} created successfully`. */
  label: string;
  input: I;
  record: R;
  service: RecordWrites<z.output<I>, z.input<R>>;
  /** Who makes the call (the admin guard's `signedInActor`). */
  actor: (request: FastifyRequest) => Actor;
}

/**
 * POST /create, PUT /update/:id and DELETE /delete/:id of a category, sub-category, anchor or
 * publisher: the same three calls (spec §7), each answering the record. The service's types tie
 * what it answers to the record's schema, which serialises it.
 */
export function recordWriteRoutes<I extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  { label, input, record, service, actor }: RecordWriteOptions<I, R>,
) {
  const response = answers(record);
  app.post('/create', { schema: { body: input, response } }, async (request) =>
    ok(
      await service.create(validate(input, request.body), actor(request)),
      `${label} created successfully`,
    ),
  );
  app.put<{ Params: IdParams }>(
    '/update/:id',
    { schema: { params: idParams, body: input, response } },
    async (request) =>
      ok(
        await service.update(request.params.id, validate(input, request.body), actor(request)),
        `${label} updated successfully`,
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/delete/:id',
    { schema: { params: idParams, response } },
    async (request) =>
      ok(await service.delete(request.params.id, actor(request)), `${label} deleted successfully`),
  );
}
