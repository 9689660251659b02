import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminNewsDtoSchema,
  adminNewsPageSchema,
  adminNewsQuerySchema,
  idInputSchema,
  newsDtoSchema,
  newsFieldsSchema,
  newsUpdateFieldsSchema,
} from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import {
  answers,
  idParams,
  type ContractTypeProvider,
  type IdParams,
} from '../http/route-schemas.ts';
import { validate } from '../http/validate.ts';
import { readNewsInput } from './input.ts';
import { signedInActor } from '../auth/admin-guard.ts';

/** A news form is multipart (with its picture in `image`) or JSON (without one). */
const newsForm = {
  consumes: ['multipart/form-data', 'application/json'],
} as const;
const image = z.file().optional().describe('multipart only: the picture (at most 500 KB)');
/** The other reading of delete: the id in the JSON body or in the query string. */
const idSomewhere = z.object({ id: z.string().optional().describe('or `_id`') });

/** /news: the back office's news table and form. */
export async function newsRoutes(scope: FastifyInstance) {
  const app = scope.withTypeProvider<ContractTypeProvider>();
  const news = app.services.news;
  const pageQuery = adminNewsQuerySchema;
  const one = answers(adminNewsDtoSchema());
  const gone = answers(newsDtoSchema);

  const create = async (request: FastifyRequest) => {
    const input = await readNewsInput(request);
    return ok(
      await news.create(
        validate(newsFieldsSchema, input.fields),
        input.image,
        signedInActor(request),
      ),
      'News created successfully',
    );
  };
  // The spec's two readings of the create call.
  const createSchema = { ...newsForm, body: newsFieldsSchema.extend({ image }), response: one };
  const creating = { schema: createSchema, config: { action: 'news.create' } } as const;
  app.post('/create', creating, create);
  app.post('/add', creating, create);

  app.get(
    '/get',
    {
      config: { action: 'content.read' },
      schema: {
        querystring: pageQuery,
        response: answers(adminNewsPageSchema, { count: z.number() }),
      },
    },
    async (request) => {
      // Spec §7's other reading: `data: { data, count }`; `count` stays beside it too.
      const page = await news.adminList(validate(pageQuery, request.query), signedInActor(request));
      return ok(page, 'News fetched successfully', { count: page.count });
    },
  );
  app.get<{ Params: IdParams }>(
    '/get/:id',
    { config: { action: 'content.read' }, schema: { params: idParams, response: one } },
    async (request) => ok(await news.get(request.params.id), 'News fetched successfully'),
  );
  app.put<{ Params: IdParams }>(
    '/update/:id',
    {
      config: { action: 'news.edit' },
      schema: {
        ...newsForm,
        params: idParams,
        body: newsUpdateFieldsSchema.extend({ image }),
        response: one,
      },
    },
    async (request) => {
      const input = await readNewsInput(request);
      return ok(
        await news.update(
          request.params.id,
          validate(newsUpdateFieldsSchema, input.fields),
          input.image,
          signedInActor(request),
        ),
        'News updated successfully',
      );
    },
  );

  app.delete<{ Params: IdParams }>(
    '/delete/:id',
    { config: { action: 'news.delete' }, schema: { params: idParams, response: gone } },
    async (request) =>
      ok(await news.delete(request.params.id, signedInActor(request)), 'News deleted successfully'),
  );
  // The other reading: the id in the JSON body or the query string, by DELETE or POST.
  const deleteById = async (request: FastifyRequest) => {
    const { id } = validate(idInputSchema, {
      ...asObject(request.query),
      ...asObject(request.body),
    });
    return ok(await news.delete(id, signedInActor(request)), 'News deleted successfully');
  };
  const deleting = {
    schema: { querystring: idSomewhere, body: idSomewhere, response: gone },
    config: { action: 'news.delete' },
  } as const;
  app.delete('/delete', deleting, deleteById);
  app.post('/delete', deleting, deleteById);
}

const asObject = (value: unknown): object =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
