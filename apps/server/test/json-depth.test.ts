import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/http/json-body.ts';
import { newsContext, newsCount, newsFields, type NewsContext } from './factories.ts';
import { call, createTestApp } from './helpers.ts';

/*
 * JSON nested past the documented depth is refused with 400 in the envelope before any of our
 * code walks it, on every route and in the JSON parts of news forms, and nothing is written
 * (decision 065).
 */

const t = await createTestApp();
afterAll(() => t.close());

let ctx: NewsContext;
let publisherId: string;
beforeAll(async () => {
  ctx = await newsContext(t.app);
  publisherId = ctx.taxonomy.publisherId;
});

/** `[[[…]]]`, `levels` arrays deep, as JSON text. */
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
/** A body whose `deep` field nests `levels` deep, beside otherwise valid fields. */
const deepBody = (levels: number, fields: Record<string, unknown>) =>
  `{"deep":${nested(levels)},${JSON.stringify(fields).slice(1)}`;

const TOO_DEEP = `The request body nests objects or arrays too deeply: at most ${MAX_JSON_DEPTH} levels`;

async function send(method: 'POST' | 'PUT', url: string, payload: string) {
  return call(t.app, {
    method,
    url: `/api/v1${url}`,
    headers: { ...ctx.headers, 'content-type': 'application/json' },
    payload,
  });
}

async function names(table: 'anchors' | 'publishers') {
  const rows = await t.app.db.kysely.selectFrom(table).select('name').execute();
  return rows.map((row) => row.name).sort();
}

describe('a body nested 5,000 levels deep', () => {
  it('is refused at POST /anchor/create, and no anchor is made', async () => {
    const before = await names('anchors');
    const res = await send('POST', '/anchor/create', deepBody(5000, { name: 'Deep Anchor' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, data: null, message: TOO_DEEP });
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(await names('anchors')).toEqual(before);
  });

  it('is refused at POST /news/create, and no article is made', async () => {
    const before = await newsCount(t.app);
    const res = await send('POST', '/news/create', deepBody(5000, newsFields(ctx.taxonomy)));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_DEEP);
    expect(await newsCount(t.app)).toBe(before);
  });

  it('is refused at PUT /publisher/update/{id}, and the publisher keeps its name', async () => {
    const before = await names('publishers');
    const res = await send(
      'PUT',
      `/publisher/update/${publisherId}`,
      deepBody(5000, { name: 'Renamed Deep' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_DEEP);
    expect(await names('publishers')).toEqual(before);
  });

  it('is refused on a public route too (contact)', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/v1/contact/create',
      headers: { 'content-type': 'application/json' },
      payload: deepBody(5000, { name: 'A', email: 'a@b.co', subject: 'S', message: 'M' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_DEEP);
  });
});

describe('the limit', () => {
  it(`lets ${MAX_JSON_DEPTH} levels through to validation and refuses ${MAX_JSON_DEPTH + 1}`, async () => {
    // The body object is the first level, so `deep` holds one level fewer.
    const atLimit = await send('POST', '/anchor/create', deepBody(MAX_JSON_DEPTH - 1, { name: 7 }));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).not.toBe(TOO_DEEP);
    const past = await send('POST', '/anchor/create', deepBody(MAX_JSON_DEPTH, { name: 7 }));
    expect(past.body.message).toBe(TOO_DEEP);
  });

  it('counts no brackets inside strings', async () => {
    const name = `Bracket ${'['.repeat(40)}`;
    const res = await send('POST', '/anchor/create', JSON.stringify({ name: name.slice(0, 50) }));
    expect(res.status).toBe(200);
  });

  it('refuses prototype keys with a message that names them', async () => {
    const res = await send('POST', '/anchor/create', '{"name":"Proto","__proto__":{"x":1}}');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/__proto__/);
    expect(await names('anchors')).not.toContain('Proto');
  });
});

describe('news forms', () => {
  const BOUNDARY = 'deep';
  const form = (parts: string[]) =>
    parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('') + `--${BOUNDARY}--\r\n`;
  const field = (name: string, value: string, type = '') =>
    `content-disposition: form-data; name="${name}"${type ? `\r\ncontent-type: ${type}` : ''}\r\n\r\n${value}`;
  const textFields = (fields: Record<string, unknown>) =>
    Object.entries(fields)
      .filter(([name]) => name !== 'tags')
      .map(([name, value]) => field(name, String(value)));

  async function sendForm(parts: string[]) {
    return call(t.app, {
      method: 'POST',
      url: '/api/v1/news/create',
      headers: { ...ctx.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: form(parts),
    });
  }

  it('refuse a part sent as deep application/json', async () => {
    const before = await newsCount(t.app);
    const fields = newsFields(ctx.taxonomy);
    const res = await sendForm([
      ...textFields(fields),
      field('extra', nested(5000), 'application/json'),
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The form field "extra" nests objects or arrays too deeply/);
    expect(await newsCount(t.app)).toBe(before);
  });

  it('refuse tags written as deep JSON text', async () => {
    const before = await newsCount(t.app);
    const fields = newsFields(ctx.taxonomy);
    const res = await sendForm([...textFields(fields), field('tags', nested(5000))]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^The form field "tags" nests objects or arrays too deeply/);
    expect(await newsCount(t.app)).toBe(before);
  });

  it('still take tags as a JSON array in text', async () => {
    const fields = newsFields(ctx.taxonomy);
    const res = await sendForm([...textFields(fields), field('tags', '["alpha","beta"]')]);
    expect(res.status).toBe(200);
    expect(res.body.data.tags).toEqual(['alpha,beta']);
  });
});
