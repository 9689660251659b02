import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PAGE_SIZE,
  idInputSchema,
  newsFieldsSchema,
  newsUpdateFieldsSchema,
  pageQueryOf,
} from '@newsroom/contract';
import { ok } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { readNewsInput } from './input.ts';

interface IdParams {
  id: string;
}

/** /news: the back office's news table and form. */
export async function newsRoutes(app: FastifyInstance) {
  const news = app.services.news;
  const pageQuery = pageQueryOf(PAGE_SIZE.adminNews);

  const create = async (request: FastifyRequest) => {
    const input = await readNewsInput(request);
    return ok(
      await news.create(validate(newsFieldsSchema, input.fields), input.image),
      'News created successfully',
    );
  };
  // The spec's two readings of the create call.
  app.post('/create', create);
  app.post('/add', create);

  app.get('/get', async (request) => {
    // Spec §7's other reading: `data: { data, count }`; `count` stays beside it too.
    const page = await news.adminList(validate(pageQuery, request.query));
    return ok(page, 'News fetched successfully', { count: page.count });
  });
  app.get<{ Params: IdParams }>('/get/:id', async (request) =>
    ok(await news.get(request.params.id), 'News fetched successfully'),
  );
  app.put<{ Params: IdParams }>('/update/:id', async (request) => {
    const input = await readNewsInput(request);
    return ok(
      await news.update(
        request.params.id,
        validate(newsUpdateFieldsSchema, input.fields),
        input.image,
      ),
      'News updated successfully',
    );
  });

  app.delete<{ Params: IdParams }>('/delete/:id', async (request) =>
    ok(await news.delete(request.params.id), 'News deleted successfully'),
  );
  // The other reading: the id in the JSON body or the query string, by DELETE or POST.
  const deleteById = async (request: FastifyRequest) => {
    const { id } = validate(idInputSchema, {
      ...asObject(request.query),
      ...asObject(request.body),
    });
    return ok(await news.delete(id), 'News deleted successfully');
  };
  app.delete('/delete', deleteById);
  app.post('/delete', deleteById);
}

const asObject = (value: unknown): object =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};
