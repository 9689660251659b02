import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';
import { answers, idParams, type IdParams } from './route-schemas.ts';
import { validate } from './validate.ts';

/** The writes of a back-office record: each answers the record as it now is (or was). */
export interface RecordWrites<Input, Record> {
  create(input: Input): Promise<Record>;
  update(id: string, input: Input): Promise<Record>;
  delete(id: string): Promise<Record>;
}

interface RecordWriteOptions<I extends z.ZodType, R extends z.ZodType> {
  /** How the messages name the record: `${label} created successfully`. */
  label: string;
  input: I;
  record: R;
  service: RecordWrites<z.output<I>, z.input<R>>;
}

/**
 * POST /create, PUT /update/:id and DELETE /delete/:id of a category, sub-category, anchor or
 * publisher: the same three calls (spec §7), each answering the record. The service's types tie
 * what it answers to the record's schema, which serialises it.
 */
export function recordWriteRoutes<I extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  { label, input, record, service }: RecordWriteOptions<I, R>,
) {
  const response = answers(record);
  app.post('/create', { schema: { body: input, response } }, async (request) =>
    ok(await service.create(validate(input, request.body)), `${label} created successfully`),
  );
  app.put<{ Params: IdParams }>(
    '/update/:id',
    { schema: { params: idParams, body: input, response } },
    async (request) =>
      ok(
        await service.update(request.params.id, validate(input, request.body)),
        `${label} updated successfully`,
      ),
  );
  app.delete<{ Params: IdParams }>(
    '/delete/:id',
    { schema: { params: idParams, response } },
    async (request) => ok(await service.delete(request.params.id), `${label} deleted successfully`),
  );
}
