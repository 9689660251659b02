import { htmlToText, type NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/*
 * The storage of revisions (decision 108): ten revisions of a 5,000-word article, each a small
 * edit of the one before, cost no more than three copies of it in the bytes stored, and each
 * reads back exactly as it was saved.
 */

let t: TestApp;
let taxonomy: Taxonomy;
let editor: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInStaff(t.app, 'admin');
  editor = await signedInStaff(t.app, 'editor');
  taxonomy = await createTaxonomy(t.app, admin.headers);
});
afterAll(() => t?.close());

const WORDS = ['river', 'council', 'budget', 'market', 'school', 'harbour', 'station', 'library'];

/** A 5,000-word body in 100 paragraphs, every word told apart by its place. */
function longBody(): string[] {
  const paragraphs: string[] = [];
  for (let p = 0; p < 100; p += 1) {
    const words = Array.from(
      { length: 50 },
      (_, w) => `${WORDS[(p * 7 + w) % WORDS.length]}${p}x${w}`,
    );
    paragraphs.push(`<p>${words.join(' ')}.</p>`);
  }
  return paragraphs;
}

it('keeps ten revisions of a 5,000-word article within three copies of it, each read back whole', async () => {
  const paragraphs = longBody();
  const bodies = [paragraphs.join('')];
  const create = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: editor.headers,
    payload: newsFields(taxonomy, { description: bodies[0] }),
  });
  expect(create.status, create.body.message).toBe(200);
  const news = create.body.data as NewsDto;
  // What the article holds after each save: the body as sanitised.
  bodies[0] = news.description;
  for (let edit = 1; edit < 10; edit += 1) {
    // A small edit: a sentence added in one paragraph, a word changed in another.
    paragraphs[edit * 9] = String(paragraphs[edit * 9]).replace(
      '.</p>',
      `, and then edit ${edit} came.</p>`,
    );
    paragraphs[edit * 5] = String(paragraphs[edit * 5]).replace(/<p>\w+/, '<p>changed');
    const body = paragraphs.join('');
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      headers: editor.headers,
      payload: newsFields(taxonomy, { slug: news.slug, description: body }),
    });
    expect(res.status, res.body.message).toBe(200);
    bodies.push(res.body.data.description);
  }

  const rows = await t.app.db.kysely
    .selectFrom('news_revisions')
    .select(['number', 'fields', 'body'])
    .where('news_id', '=', news._id)
    .orderBy('number')
    .execute();
  expect(rows).toHaveLength(10);
  const stored = rows.reduce(
    (sum, row) => sum + Buffer.byteLength(row.fields) + Buffer.from(row.body).length,
    0,
  );
  const last = String(bodies[9]);
  expect(htmlToText(last).split(/\s+/).filter(Boolean).length).toBeGreaterThanOrEqual(5000);
  const oneCopy = Buffer.byteLength(last) + Buffer.byteLength(rows[9]?.fields ?? '');
  expect(stored).toBeLessThanOrEqual(3 * oneCopy);

  const list = await call(t.app, {
    method: 'GET',
    url: `/api/v1/news/${news._id}/revisions?limit=10`,
    headers: editor.headers,
  });
  for (const revision of list.body.data as { _id: string; number: number }[]) {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${news._id}/revisions/${revision._id}`,
      headers: editor.headers,
    });
    expect(res.body.data.description).toBe(bodies[revision.number - 1]);
  }
});
