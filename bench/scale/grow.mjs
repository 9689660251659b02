// Grows a newsroom database to N articles, fast: a realistic spread over 12 categories (the first
// ones busier), 6 sub-categories each (two names shared by every category), 40 publishers, 60
// anchors, five years of dates, 8 % inactive, and a byline of one of 40 writers on each (the first
// ones busier: the first writes about three in ten, as a newsroom's oldest account holds the
// articles written before bylines). Rows go in through the migrated schema, so the
// triggers keep the figures and every index is built as the app would build it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import {
  backfillFigures,
  createFigureTriggers,
  dropFigureTriggers,
} from '../../apps/server/src/db/news-figures-triggers.ts';
import { searchBodyText } from '../../apps/server/src/news/body-text.ts';
import { random } from '../random.mjs';
import { secondaryIndexes } from './bulk.mjs';

const CATEGORIES = [
  'World',
  'Politics',
  'Business',
  'Technology',
  'Science',
  'Health',
  'Sports',
  'Entertainment',
  'Culture',
  'Travel',
  'Opinion',
  'Local',
];
const subNames = (category) => [
  'Analysis',
  'Live',
  `${category} Today`,
  `${category} Weekly`,
  `${category} Review`,
  `${category} Desk`,
];
const PUBLISHERS = 40;
const WRITERS = 40;
const ANCHORS = 60;
const CONTACTS = 5000;
const YEARS = 5;
const DESCRIPTION = `<p>${'A calm and careful report on what happened today in the city. '.repeat(6)}</p>`;
/** The words of the description that search indexes, as a write stores them (news/checks.ts). */
const BODY_TEXT = searchBodyText(DESCRIPTION);

/** Categories, sub-categories, publishers, anchors and contact messages; their ids. */
export async function growTaxonomy(db) {
  const stamp = new Date().toISOString();
  const named = (name) => ({ id: randomUUID(), name, created_at: stamp, updated_at: stamp });
  const categories = CATEGORIES.map(named);
  const subs = categories.map((c) =>
    subNames(c.name).map((name) => ({ ...named(name), category_id: c.id })),
  );
  const publishers = Array.from({ length: PUBLISHERS }, (_, i) => named(`Publisher ${i + 1}`));
  const anchors = Array.from({ length: ANCHORS }, (_, i) => named(`Anchor ${i + 1}`));
  await db.insertInto('categories').values(categories).execute();
  await db.insertInto('subcategories').values(subs.flat()).execute();
  await db.insertInto('publishers').values(publishers).execute();
  await db.insertInto('anchors').values(anchors).execute();
  for (let start = 0; start < CONTACTS; start += 1000) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: randomUUID(),
      full_name: `Reader ${start + i}`,
      email: `reader${start + i}@example.com`,
      phone: '5550100',
      message: 'A question about a story.',
      created_at: stamp,
    }));
    await db.insertInto('contacts').values(rows).execute();
  }
  return { categories, subs, publishers, anchors };
}

/** The writers bylines name: verified staff with an address of their own (`/author/{slug}`). */
export async function growWriters(db) {
  const stamp = new Date().toISOString();
  const writers = Array.from({ length: WRITERS }, (_, i) => ({
    id: randomUUID(),
    name: `Writer ${i + 1}`,
    email: `writer${i + 1}@example.com`,
    // Never signed in with: no password matches it.
    password_hash: '!',
    role: 'author',
    verified: 1,
    slug: `writer-${i + 1}`,
    created_at: stamp,
    updated_at: stamp,
  }));
  await db.insertInto('admins').values(writers).execute();
  return writers;
}

/**
 * One byline on every article, its writer picked with a skew (writer k of WRITERS with the
 * chance of u³ falling in their slot): one statement, after the articles are in.
 */
export async function growBylines(db, isSqlite, writers) {
  const values = writers.map((w, i) => sql`(${sql.lit(i)}, cast(${w.id} as text))`);
  const uniform = isSqlite ? sql`((abs(random()) % 1000000) / 1000000.0)` : sql`random()`;
  // SQLite's cast truncates; PostgreSQL's rounds.
  const slot = (u) =>
    isSqlite
      ? sql`cast(${u} * ${u} * ${u} * ${sql.lit(WRITERS)} as integer)`
      : sql`floor(${u} * ${u} * ${u} * ${sql.lit(WRITERS)})::int`;
  await sql`
    with writer(k, id) as (values ${sql.join(values)}),
      picked as materialized (select id as news_id, ${uniform} as u from news)
    insert into news_authors (news_id, staff_id, position)
    select picked.news_id, writer.id, 0 from picked
    join writer on writer.k = ${slot(sql.ref('picked.u'))}`.execute(db);
  if (!isSqlite) await sql`vacuum analyze news_authors`.execute(db);
  const { rows } =
    await sql`select count(*) as writers, sum(n) as bylines, max(n) as busiest, min(n) as quietest
    from (select count(*) as n from news_authors group by staff_id) as per_writer`.execute(db);
  return rows[0];
}

/** Article i of n: fields picked from the taxonomy, dated evenly over the last five years. */
function article(i, n, taxonomy, next, start, span) {
  const c = Math.min(Math.floor(next() ** 1.6 * CATEGORIES.length), CATEGORIES.length - 1);
  const stamp = new Date(start + Math.floor((i / n) * span)).toISOString();
  return {
    id: randomUUID(),
    title: `Story number ${i} about the city`,
    slug: `story-${i}`,
    meta_description: 'What happened in the city today, in a few words.',
    description: DESCRIPTION,
    body_text: BODY_TEXT,
    tags: '["city","daily"]',
    category_id: taxonomy.categories[c].id,
    sub_category_id: next() < 0.85 ? taxonomy.subs[c][Math.floor(next() * 6)].id : null,
    publisher_id: taxonomy.publishers[Math.floor(next() * PUBLISHERS)].id,
    anchor_id: next() < 0.7 ? taxonomy.anchors[Math.floor(next() * ANCHORS)].id : null,
    image_key: null,
    alt: 'A street in the city',
    video_url: '',
    status: next() < 0.92 ? 1 : 0,
    views: Math.floor(Math.exp(next() * 9)),
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * Loads rows the way a bulk import should: without the figure triggers and the secondary indexes
 * of news, which are built once afterwards (sorted, not row by row), then the figures backfilled
 * in one grouped pass by the migration's own statement. Keys that enforce rules stay throughout.
 */
export async function bulkLoad(db, isSqlite, load) {
  const indexes = await secondaryIndexes(db, isSqlite, 'news');
  // SQLite's full-text index is filled by a trigger row by row, merging as it goes; a bulk load
  // builds it once afterwards from the table (its 'rebuild' command), like the other indexes.
  const ftsTrigger = isSqlite
    ? (
        await sql`select sql from sqlite_master
        where type = 'trigger' and name = 'news_fts_insert'`.execute(db)
      ).rows[0]?.sql
    : undefined;
  await dropFigureTriggers(db);
  if (ftsTrigger) await sql`drop trigger news_fts_insert`.execute(db);
  for (const { name } of indexes) await sql.raw(`drop index ${name}`).execute(db);
  const started = performance.now();
  await load();
  const loaded = performance.now();
  process.stdout.write(`\n  rows loaded in ${((loaded - started) / 1000).toFixed(1)} s`);
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  if (ftsTrigger) {
    await sql`insert into news_fts(news_fts) values ('rebuild')`.execute(db);
    await sql.raw(ftsTrigger).execute(db);
  }
  await backfillFigures(db);
  await createFigureTriggers(db);
  const seconds = ((performance.now() - loaded) / 1000).toFixed(1);
  process.stdout.write(`; indexes and figures built in ${seconds} s`);
}

/** SQLite: prepared inserts in transactions of 50,000 rows on one better-sqlite3 connection. */
export function growSqlite(sqlite, n, taxonomy, onProgress) {
  const next = random(42);
  const span = YEARS * 365 * 24 * 3600 * 1000;
  const start = Date.now() - span;
  // Growing only: no fsync, and a cache that holds the indexes' hot pages (random ids).
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -524288');
  const columns = Object.keys(article(0, 1, taxonomy, random(1), start, span));
  const insert = sqlite.prepare(
    `insert into news (${columns.join(', ')}) values (${columns.map((c) => '@' + c).join(', ')})`,
  );
  const batch = sqlite.transaction((from, to) => {
    for (let i = from; i < to; i++) insert.run(article(i, n, taxonomy, next, start, span));
  });
  for (let from = 0; from < n; from += 50_000) {
    batch(from, Math.min(n, from + 50_000));
    onProgress(Math.min(n, from + 50_000));
  }
  sqlite.pragma('synchronous = NORMAL');
}

/** PostgreSQL: INSERT … SELECT over generate_series, 100,000 rows a statement. */
export async function growPostgres(db, n, taxonomy, onProgress) {
  const cats = taxonomy.categories.map((c) => c.id);
  const subs = taxonomy.subs.flat().map((s) => s.id);
  const pubs = taxonomy.publishers.map((p) => p.id);
  const anchors = taxonomy.anchors.map((a) => a.id);
  const span = YEARS * 365 * 24 * 3600;
  await sql`select setseed(0.42)`.execute(db);
  for (let from = 0; from < n; from += 100_000) {
    const to = Math.min(n, from + 100_000) - 1;
    await sql`
      insert into news (id, title, slug, meta_description, description, body_text, tags, category_id,
        sub_category_id, publisher_id, anchor_id, image_key, alt, video_url, status, views,
        created_at, updated_at)
      select gen_random_uuid()::text, 'Story number ' || i || ' about the city', 'story-' || i,
        'What happened in the city today, in a few words.', ${DESCRIPTION}, ${BODY_TEXT},
        '["city","daily"]',
        (${cats}::text[])[c + 1],
        case when random() < 0.85 then (${subs}::text[])[c * 6 + 1 + floor(random() * 6)::int] end,
        (${pubs}::text[])[1 + floor(random() * ${PUBLISHERS})::int],
        case when random() < 0.7 then (${anchors}::text[])[1 + floor(random() * ${ANCHORS})::int] end,
        null, 'A street in the city', '', case when random() < 0.92 then 1 else 0 end,
        floor(exp(random() * 9))::int, stamp, stamp
      from (
        select i, least(floor(power(random(), 1.6) * ${CATEGORIES.length})::int, ${CATEGORIES.length - 1}) as c,
          to_char((now() - make_interval(secs => ${span}::float8) + make_interval(secs => ${span}::float8 * i / ${n}::float8))
            at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as stamp
        from generate_series(${from}::int, ${to}::int) as i
      ) as g`.execute(db);
    onProgress(to + 1);
  }
  // What autovacuum would do soon after: statistics for the planner, a visibility map for
  // index-only scans. news_search too (filled by news's trigger): without statistics of its
  // words the planner takes it for a small table and search bitmap-scans every match.
  await sql`vacuum analyze news`.execute(db);
  await sql`vacuum analyze news_search`.execute(db);
}
