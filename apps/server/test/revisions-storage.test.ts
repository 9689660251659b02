import { htmlToText, type NewsDto } from '@newsroom/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTaxonomy, newsFields, type Taxonomy } from './factories.ts';
import { signedInStaff, type StaffMember } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';

/*
 * The storage of revisions (decisions 108, 120): ten revisions of a 5,000-word article, each a
 * small edit of the one before, cost no more than three copies of it in the bytes stored, and so
 * do ten of a short one, whose fields weigh as much as its body; each reads back exactly as it
 * was saved, whichever fields it changed, and so do revisions stored whole on every save.
 */

let t: TestApp;
let taxonomy: Taxonomy;
let otherTaxonomy: Taxonomy;
let editor: StaffMember;
let author: StaffMember;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedInStaff(t.app, 'admin');
  editor = await signedInStaff(t.app, 'editor');
  author = await signedInStaff(t.app, 'author', 'Dev Author');
  taxonomy = await createTaxonomy(t.app, admin.headers);
  otherTaxonomy = await createTaxonomy(t.app, admin.headers);
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

/** The article's revisions' stored rows, oldest first. */
function storedRows(newsId: string) {
  return t.app.db.kysely
    .selectFrom('news_revisions')
    .select(['id', 'number', 'fields', 'body'])
    .where('news_id', '=', newsId)
    .orderBy('number')
    .execute();
}

const storedBytes = (rows: { fields: string; body: Uint8Array }[]) =>
  rows.reduce((sum, row) => sum + Buffer.byteLength(row.fields) + Buffer.from(row.body).length, 0);

/** What a revision holds, from a revision as read, or the article as a save answered it. */
function contentOf(item: Record<string, unknown>) {
  const id = (value: unknown) => (value as { _id: string } | null)?._id ?? null;
  const revision = 'number' in item;
  return {
    title: item.title,
    slug: item.slug,
    metaDescription: item.metaDescription,
    description: item.description,
    // An article answers its tags joined (`["a,b"]`, the spec's form), a revision as a list.
    tags: (item.tags as string[]).flatMap((tag) => tag.split(',')).filter(Boolean),
    categoryId: revision ? id(item.category) : item.categoryId,
    subCategoryId: revision ? id(item.subCategory) : item.subCategoryId,
    publisherId: revision ? id(item.publisher) : item.publisherId,
    anchorId: revision ? id(item.anchor) : item.anchorId,
    alt: item.alt,
    videoURL: item.videoURL,
    status: item.status,
    draft: item.draft,
    authors: (item.authors as { _id: string }[]).map((a) => a._id),
  };
}

async function readRevisions(newsId: string) {
  const list = await call(t.app, {
    method: 'GET',
    url: `/api/v1/news/${newsId}/revisions?limit=50`,
    headers: editor.headers,
  });
  expect(list.status).toBe(200);
  const read = new Map<number, Record<string, unknown>>();
  for (const revision of list.body.data as { _id: string; number: number }[]) {
    const res = await call(t.app, {
      method: 'GET',
      url: `/api/v1/news/${newsId}/revisions/${revision._id}`,
      headers: editor.headers,
    });
    expect(res.status, res.body.message).toBe(200);
    read.set(revision.number, res.body.data as Record<string, unknown>);
  }
  return read;
}

/** Saves that each change a few fields, past a run of ten: what each save left, in order. */
async function savedInTurn(): Promise<{ newsId: string; saved: Record<string, unknown>[] }> {
  const base = newsFields(taxonomy);
  const create = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: editor.headers,
    payload: base,
  });
  expect(create.status, create.body.message).toBe(200);
  const newsId = (create.body.data as NewsDto)._id;
  const saved: Record<string, unknown>[] = [create.body.data as Record<string, unknown>];
  const edits: Record<string, unknown>[] = [
    { title: 'Only the title changed' },
    { tags: ['river', 'flood', 'council'] },
    { authorIds: [author.id, editor.id] },
    {},
    {
      categoryId: otherTaxonomy.categoryId,
      subCategoryId: null,
      publisherId: otherTaxonomy.publisherId,
      anchorId: null,
    },
    { metaDescription: 'A new summary.', alt: 'A river in flood' },
    { description: `<p>${'A whole new body, rewritten from the start. '.repeat(6)}</p>` },
    { status: false },
    { title: 'The title of the tenth revision', status: true },
    { title: 'The title of the eleventh revision, which starts a run' },
    { slug: `${base.slug}-moved`, tags: [] },
  ];
  let fields: Record<string, unknown> = { ...base };
  for (const edit of edits) {
    fields = { ...fields, ...edit };
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${newsId}`,
      headers: editor.headers,
      payload: fields,
    });
    expect(res.status, res.body.message).toBe(200);
    saved.push(res.body.data as Record<string, unknown>);
  }
  return { newsId, saved };
}

it('reads back every revision whole, whichever fields it changed, across runs of ten', async () => {
  const { newsId, saved } = await savedInTurn();
  const read = await readRevisions(newsId);
  expect(read.size).toBe(saved.length);
  saved.forEach((article, i) => {
    expect(contentOf(read.get(i + 1) ?? {}), `revision ${i + 1}`).toEqual(contentOf(article));
  });
  // A revision that changed only the title stores little more than the title.
  const rows = await storedRows(newsId);
  const titleOnly = rows.find((row) => row.number === 2);
  expect(Buffer.byteLength(titleOnly?.fields ?? '')).toBeLessThan(
    Buffer.byteLength('Only the title changed') + 40,
  );
});

it('compares and restores a revision that changed only some fields as a whole', async () => {
  const { newsId, saved } = await savedInTurn();
  const read = await readRevisions(newsId);
  const [from, to] = [read.get(2), read.get(5)];
  const compare = await call(t.app, {
    method: 'GET',
    url: `/api/v1/news/${newsId}/revisions/compare?from=${String(from?._id)}&to=${String(to?._id)}`,
    headers: editor.headers,
  });
  expect(compare.status).toBe(200);
  const changes = (compare.body.data.fields as { field: string; changes: unknown[] }[]).find(
    (field) => field.field === 'title',
  );
  // Revision 5 changed no field, yet holds the title revision 2 gave.
  expect(changes?.changes).toEqual([{ op: 'equal', text: 'Only the title changed' }]);
  const restore = await call(t.app, {
    method: 'POST',
    url: `/api/v1/news/${newsId}/revisions/${String(read.get(3)?._id)}/restore`,
    headers: editor.headers,
  });
  expect(restore.status, restore.body.message).toBe(200);
  const restored = contentOf(restore.body.data as Record<string, unknown>);
  const third = contentOf(saved[2] ?? {});
  expect({ ...restored, slug: third.slug }).toEqual(third);
});

it('reads revisions stored whole on every save as before, and saves after them', async () => {
  const { newsId, saved } = await savedInTurn();
  const read = await readRevisions(newsId);
  // As every revision was stored before changed fields were: each one's fields whole.
  const wholeFields = (revision: Record<string, unknown>) =>
    JSON.stringify({
      title: revision.title,
      slug: revision.slug,
      metaDescription: revision.metaDescription,
      tags: revision.tags,
      categoryId: (revision.category as { _id: string })._id,
      subCategoryId: (revision.subCategory as { _id: string } | null)?._id ?? null,
      publisherId: (revision.publisher as { _id: string })._id,
      anchorId: (revision.anchor as { _id: string } | null)?._id ?? null,
      imageKey: null,
      alt: revision.alt,
      videoURL: revision.videoURL,
      status: revision.status,
      draft: revision.draft,
      publishedAt: revision.publishedAt,
      authorIds: (revision.authors as { _id: string }[]).map((a) => a._id),
    });
  for (const [number, revision] of read) {
    await t.app.db.kysely
      .updateTable('news_revisions')
      .set({ fields: wholeFields(revision) })
      .where('news_id', '=', newsId)
      .where('number', '=', number)
      .execute();
  }
  const again = await readRevisions(newsId);
  saved.forEach((article, i) => {
    expect(contentOf(again.get(i + 1) ?? {}), `revision ${i + 1}`).toEqual(contentOf(article));
  });
  const last = saved[saved.length - 1] as Record<string, unknown>;
  const res = await call(t.app, {
    method: 'PUT',
    url: `/api/v1/news/update/${newsId}`,
    headers: editor.headers,
    payload: {
      ...newsFields(taxonomy),
      ...contentOf(last),
      authorIds: contentOf(last).authors,
      title: 'Saved after whole revisions',
    },
  });
  expect(res.status, res.body.message).toBe(200);
  const after = await readRevisions(newsId);
  expect(contentOf(after.get(saved.length + 1) ?? {})).toEqual(contentOf(res.body.data));
  expect(contentOf(after.get(saved.length) ?? {})).toEqual(contentOf(last));
});

it('keeps ten revisions of a short article within three copies of it', async () => {
  const fields = newsFields(taxonomy);
  const create = await call(t.app, {
    method: 'POST',
    url: '/api/v1/news/create',
    headers: editor.headers,
    payload: fields,
  });
  expect(create.status, create.body.message).toBe(200);
  const news = create.body.data as NewsDto;
  let description = news.description;
  for (let edit = 1; edit < 10; edit += 1) {
    description = description.replace('</p>', ` Edit ${edit} of the story.</p>`);
    const res = await call(t.app, {
      method: 'PUT',
      url: `/api/v1/news/update/${news._id}`,
      headers: editor.headers,
      payload: { ...fields, description },
    });
    expect(res.status, res.body.message).toBe(200);
  }
  const rows = await storedRows(news._id);
  expect(rows).toHaveLength(10);
  const first = rows[0];
  // One copy: the article's fields and body, as its first revision keeps them, uncompressed.
  const oneCopy = Buffer.byteLength(first?.fields ?? '') + Buffer.byteLength(news.description);
  expect(storedBytes(rows)).toBeLessThanOrEqual(3 * oneCopy);
});
