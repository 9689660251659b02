import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = await adminAuth(t.app);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) =>
  call(t.app, { method: 'POST', url: `/api/v1${url}`, payload: payload as object, headers });
const get = (url: string) => call(t.app, { method: 'GET', url: `/api/v1${url}`, headers });

describe('categories', () => {
  it('creates, lists with sub-categories, renames and deletes a category', async () => {
    const created = await post('/category/create', { name: '  Politics  ' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      statusCode: 200,
      data: { name: 'Politics', subcategory: [] },
    });
    const id = created.body.data._id as string;

    const sub = await post('/subCategory/create', { name: 'Elections', categoryId: id });
    expect(sub.status).toBe(200);

    const list = await get('/category/get');
    expect(list.body.data).toEqual([
      expect.objectContaining({
        _id: id,
        name: 'Politics',
        subcategory: [{ _id: sub.body.data._id, name: 'Elections' }],
      }),
    ]);

    const renamed = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/category/update/${id}`,
      payload: { name: 'World Politics' },
      headers,
    });
    expect(renamed.body.data.name).toBe('World Politics');

    const blocked = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/category/delete/${id}`,
      headers,
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/still has 1 sub-categories/);

    await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/subCategory/delete/${sub.body.data._id}`,
      headers,
    });
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/category/delete/${id}`,
      headers,
    });
    expect(deleted.status).toBe(200);
    expect((await get('/category/get')).body.data).toEqual([]);
  });

  it('rejects a missing or blank name with the spec message and stores nothing', async () => {
    for (const payload of [{}, { name: '   ' }, { name: 42 }]) {
      const res = await post('/category/create', payload);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        message: 'name is required',
        errors: [{ path: 'name', message: 'name is required' }],
      });
    }
    expect((await get('/category/get')).body.data).toEqual([]);
  });

  it('refuses a duplicate name, whatever its case', async () => {
    await post('/category/create', { name: 'Sports' });
    const again = await post('/category/create', { name: 'SPORTS' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Category "SPORTS" already exists');
  });

  it('answers 404 for an unknown id', async () => {
    const res = await call(t.app, {
      method: 'PUT',
      url: '/api/v1/category/update/no-such-id',
      payload: { name: 'Whatever' },
      headers,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Category not found');
  });

  it('answers 400 with a clear message for malformed JSON', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/category/create',
      payload: '{"name": ',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The request body is not valid JSON');
  });
});

describe('sub-categories', () => {
  it('pages newest first with count and the parent category', async () => {
    const parent = await post('/category/create', { name: 'Business' });
    const categoryId = parent.body.data._id as string;
    for (let i = 1; i <= 12; i++) {
      expect((await post('/subCategory/create', { name: `Sector ${i}`, categoryId })).status).toBe(
        200,
      );
    }
    const first = await get('/subCategory/get-list?page=1&limit=10');
    expect(first.body.count).toBe(12);
    expect(first.body.data).toHaveLength(10);
    expect(first.body.data[0]).toMatchObject({
      name: 'Sector 12',
      categoryId,
      category: { _id: categoryId, name: 'Business' },
    });
    const second = await get('/subCategory/get-list?page=2&limit=10');
    expect(second.body.data.map((s: { name: string }) => s.name)).toEqual(['Sector 2', 'Sector 1']);
  });

  it('requires a name and an existing categoryId', async () => {
    const missing = await post('/subCategory/create', { name: 'Orphan' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('categoryId is required');
    const unknown = await post('/subCategory/create', { name: 'Orphan', categoryId: 'nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Selected category does not exist');
    const noName = await post('/subCategory/create', { categoryId: 'nope' });
    expect(noName.body.message).toBe('name is required');
  });

  it('rejects a bad page number', async () => {
    const res = await get('/subCategory/get-list?page=0');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('page must be at least 1');
  });
});

describe.each([
  ['anchor', 'Anchor'],
  ['publisher', 'Publisher'],
])('%s', (path, label) => {
  it(`creates, lists, updates and deletes an ${path}`, async () => {
    const created = await post(`/${path}/create`, { name: 'Asha Rao' });
    expect(created.body).toMatchObject({
      statusCode: 200,
      message: `${label} created successfully`,
    });
    const id = created.body.data._id as string;
    const updated = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/${path}/update/${id}`,
      payload: { name: 'Asha R. Rao' },
      headers,
    });
    expect(updated.body.data).toMatchObject({ _id: id, name: 'Asha R. Rao' });
    expect((await get(`/${path}/get`)).body.data).toEqual([expect.objectContaining({ _id: id })]);
    const deleted = await call(t.app, {
      method: 'DELETE',
      url: `/api/v1/${path}/delete/${id}`,
      headers,
    });
    expect(deleted.status).toBe(200);
    expect((await get(`/${path}/get`)).body.data).toEqual([]);
  });

  it(`refuses an ${path} without a name`, async () => {
    const res = await post(`/${path}/create`, { name: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('name is required');
  });
});
