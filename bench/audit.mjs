// Audit trail benchmark: grows audit_entries to --entries N (SQLite in --data-dir, or the
// PostgreSQL database of --database-url, in its own schema `newsroom_audit`), then, on the real app
// (in process, through app.inject with a signed-in admin and editor), prints p50/p99 of
// GET /api/v1/audit for the list and each filter with the query plans of each, and the cost of the
// audit entry of an article update (the names of both states and its insert, in one transaction)
// beside the whole update, and of the role table's check beside an admin call.
// The grown table is kept: a rerun with the same --entries reuses it (--fresh regrows).
// Usage: npx tsx bench/audit.mjs --entries 10000000 [--database-url postgres://…/test]
//        [--requests 200] [--data-dir DIR] [--fresh]
import { mkdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { can } from '../packages/contract/src/roles.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { recordAudit } from '../apps/server/src/audit/record.ts';
import { AuditService } from '../apps/server/src/audit/service.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrationProvider } from '../apps/server/src/migrations/provider.ts';
import { newsChanges } from '../apps/server/src/news/audited.ts';
import { runStatement, withoutIndexes } from './scale/bulk.mjs';

const { values } = parseArgs({
  options: {
    entries: { type: 'string', default: '10000000' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string', default: path.join(os.tmpdir(), 'newsroom-audit') },
    requests: { type: 'string', default: '200' },
    fresh: { type: 'boolean', default: false },
  },
});
const entries = Math.min(Number(values.entries), 20_000_000);
const requests = Math.min(Number(values.requests), 2000);
const schema = 'newsroom_audit';
const dataDir = path.resolve(values['data-dir']);
let databaseUrl;
if (values['database-url']) {
  const url = new URL(values['database-url']);
  url.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = url.toString();
}
const isSqlite = !databaseUrl;
const where = databaseUrl
  ? `PostgreSQL ${new URL(values['database-url']).pathname.slice(1)}, schema ${schema}`
  : `SQLite in ${dataDir}`;

/** Two years of a newsroom of 60 people: mostly article writes, then sign-ins, then the rest. */
const STAFF = 60;
/** Thrown to roll back the transactions that time an entry's work. */
const rollback = new Error('rollback');
const YEARS = 2;

if (values.fresh) {
  if (databaseUrl) {
    // The webhook queue's schema beside the site's (webhooks/pg-boss-queue.ts).
    await runStatement(values['database-url'], `drop schema if exists ${schema}_pgboss cascade`);
    await runStatement(values['database-url'], `drop schema if exists ${schema} cascade`);
  } else rmSync(dataDir, { recursive: true, force: true });
}
mkdirSync(dataDir, { recursive: true });
if (databaseUrl)
  await runStatement(values['database-url'], `create schema if not exists ${schema}`);

const db = await openDatabase({ databaseUrl, dataDir, migrations: migrationProvider });
const kysely = db.kysely;
const { count: existing } = await kysely
  .selectFrom('audit_entries')
  .select((eb) => eb.fn.countAll().as('count'))
  .executeTakeFirstOrThrow();
if (Number(existing) < entries) {
  console.log(
    `Growing ${where} from ${Number(existing).toLocaleString('en')} to ${entries.toLocaleString('en')} audit entries…`,
  );
  const started = performance.now();
  await grow(Number(existing), entries);
  console.log(`  grown in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log(
    `Reusing ${where} with ${Number(existing).toLocaleString('en')} audit entries (--fresh regrows)`,
  );
}
await db.close();

const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: '0',
  PAGE_CACHE_MB: '0',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  NODE_ENV: 'production',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};
const app = await buildApp(loadConfig(env), { logger: false });
try {
  const admin = await signIn('admin');
  const editor = await signIn('editor');
  const someone = 'staff-7';
  const day = (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const reads = [
    ['list, newest first', admin, ''],
    ['list, page 50', admin, 'page=50'],
    ['an editor’s list (articles)', editor, ''],
    ['person', admin, `actor=${someone}`],
    ['kind: news (most)', admin, 'kind=news'],
    ['kind: category (rare)', admin, 'kind=category'],
    ['action: delete', admin, 'action=delete'],
    ['action: sign_in_failed', admin, 'action=sign_in_failed'],
    ['kind news + action delete', admin, 'kind=news&action=delete'],
    ['person + kind news', admin, `actor=${someone}&kind=news`],
    ['one day, 30 days ago', admin, `from=${day(31)}&to=${day(30)}`],
    ['the last 30 days', admin, `from=${day(30)}`],
    ['person, last 30 days', admin, `actor=${someone}&from=${day(30)}`],
  ];
  console.log(
    `\n${where}, ${entries.toLocaleString('en')} audit entries, ${requests} sequential calls each (app.inject: guard, validation, query, serialisation)\n`,
  );
  console.log(
    `${'GET /api/v1/audit?…'.padEnd(32)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  count`,
  );
  for (const [name, who, query] of reads) {
    const url = `/api/v1/audit?limit=20${query ? `&${query}` : ''}`;
    const { p50, p99, last } = await time(requests, () =>
      app.inject({ method: 'GET', url, headers: who.headers }),
    );
    const body = last.json();
    if (last.statusCode !== 200)
      throw new Error(`${url} answered ${last.statusCode}: ${body.message}`);
    const count = `${body.count.toLocaleString('en')}${body.countCapped ? '+' : ''}`;
    console.log(`${name.padEnd(32)} ${p50.padStart(8)} ${p99.padStart(8)}  ${count}`);
  }

  console.log('\nQuery plans');
  const recording = recordingAudit();
  for (const [name, who, query] of reads) {
    const role = who === admin ? 'admin' : 'editor';
    const params = Object.fromEntries(new URLSearchParams(query));
    recording.recorded.length = 0;
    await recording.audit.list(
      { id: who.id, role, address: null },
      { limit: 20, ...params, page: Number(params.page ?? 1) },
    );
    console.log(`  ${name} (${role})`);
    for (const statement of recording.recorded) {
      console.log(`    ${statement.sql.replace(/\s+/g, ' ').slice(0, 160)}`);
      for (const line of await explain(statement)) console.log(`      ${line}`);
    }
  }
  await recording.kysely.destroy();

  await articleWrites(admin);
  permissionCheck();
} finally {
  await app.close();
}

/** The audit service on a Kysely of the same database whose statements are recorded. */
function recordingAudit() {
  const recorded = [];
  const dialect = databaseUrl
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) })
    : new SqliteDialect({ database: new SQLite(path.join(dataDir, 'newsroom.db')) });
  const kysely = new Kysely({
    dialect,
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query);
    },
  });
  return { kysely, recorded, audit: new AuditService(kysely) };
}

async function explain(query) {
  const prefix = isSqlite ? 'explain query plan ' : 'explain ';
  const { rows } = await app.db.kysely.executeQuery(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  );
  return rows.map((row) => (isSqlite ? row.detail : row['QUERY PLAN']));
}

/**
 * An article update through the API, p50/p99, and within it the audit entry's own work: the
 * article read as its entry shows it before and after, the comparison and the insert, in one
 * transaction as the update runs them.
 */
async function articleWrites(admin) {
  const category = await app.inject({
    method: 'POST',
    url: '/api/v1/category/create',
    headers: admin.headers,
    payload: { name: `Bench ${Date.now()}` },
  });
  const publisher = await app.inject({
    method: 'POST',
    url: '/api/v1/publisher/create',
    headers: admin.headers,
    payload: { name: `Bench publisher ${Date.now()}` },
  });
  const fields = (i) => ({
    title: `A benchmark story, take ${i}`,
    metaDescription: 'A story written to time the writes of the newsroom.',
    description: `<p>${'A paragraph of the story, long enough to look like one. '.repeat(12)} Take ${i}.</p>`,
    categoryId: category.json().data._id,
    publisherId: publisher.json().data._id,
    slug: `bench-audit-${Date.now()}`,
    tags: ['bench', 'audit'],
    alt: 'A picture',
    videoURL: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    status: true,
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/news/create',
    headers: admin.headers,
    payload: fields(0),
  });
  const article = created.json().data;
  if (created.statusCode !== 200) {
    throw new Error(`create answered ${created.statusCode}: ${created.body}`);
  }
  const count = Math.min(requests, 200);
  let take = 0;
  const update = await time(count, () =>
    app.inject({
      method: 'PUT',
      url: `/api/v1/news/update/${article._id}`,
      headers: admin.headers,
      payload: { ...fields(++take), slug: article.slug },
    }),
  );
  const actor = { id: admin.id, role: 'admin', address: '127.0.0.1' };
  // What the update holds already (the row it read, its authors); the entry adds the rest.
  const columns = await app.db.kysely
    .selectFrom('news')
    .selectAll()
    .where('id', '=', article._id)
    .executeTakeFirstOrThrow();
  const authorIds = [admin.id];
  const at = new Date().toISOString();
  const entry = await time(count, () =>
    app.db.kysely
      .transaction()
      .execute(async (trx) => {
        const changes = await newsChanges(
          trx,
          { columns, authorIds, at },
          { columns: { ...columns, title: `${columns.title} again` }, authorIds, at },
        );
        await recordAudit(trx, actor, {
          action: 'update',
          kind: 'news',
          thingId: article._id,
          title: article.title,
          changes,
        });
        // Rolled back: the benchmark adds no entries of its own to the grown table.
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      }),
  );
  const empty = await time(count, () =>
    app.db.kysely
      .transaction()
      .execute(async () => {
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      }),
  );
  console.log(`\nArticle writes (${count} sequential calls each)`);
  console.log(
    `  PUT /news/update/{id} (whole update, entry included)   p50 ${update.p50} ms, p99 ${update.p99} ms`,
  );
  console.log(
    `  its audit entry: names of both states, insert, in a transaction  p50 ${entry.p50} ms, p99 ${entry.p99} ms`,
  );
  console.log(
    `  an empty transaction, for comparison                   p50 ${empty.p50} ms, p99 ${empty.p99} ms`,
  );
}

/** The role table's check the admin guard makes on every staff call, beside one admin call. */
function permissionCheck() {
  const rounds = 1_000_000;
  const actions = ['content.read', 'taxonomy.write', 'news.edit', 'staff.manage', 'audit'];
  const roles = ['admin', 'editor', 'author', 'contributor'];
  let allowed = 0;
  const started = performance.now();
  for (let i = 0; i < rounds; i++) if (can(roles[i % 4], actions[i % 5])) allowed++;
  const each = ((performance.now() - started) * 1e6) / rounds;
  console.log(
    `\nThe role table's check (can(role, action)): ${each.toFixed(1)} ns a call over ${rounds.toLocaleString('en')} calls (${allowed} allowed)`,
  );
}

async function signIn(role) {
  const email = `bench-${role}-${Date.now()}@example.com`;
  const password = 'bench-password-42';
  const person = await app.services.registration.createAdmin({
    name: `Bench ${role}`,
    email,
    password,
    verified: true,
    role,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}`);
  return { id: person.id, headers: { authorization: `Bearer ${login.json().data.accessToken}` } };
}

/** p50 and p99 in ms of `count` sequential calls of `call`, after ten more to warm up. */
async function time(count, call) {
  const times = [];
  let last;
  for (let i = 0; i < count + 10; i++) {
    const started = performance.now();
    last = await call();
    if (i >= 10) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  return { p50: at(0.5), p99: at(0.99), last };
}

/**
 * Adds entries `from`…`to` − 1 in bulk, the indexes dropped meanwhile and made again after (as
 * the migration names them). Times run evenly over two years up to now; who, what and where
 * follow a newsroom's mix.
 */
async function grow(from, to) {
  await withoutIndexes(kysely, isSqlite, 'audit_entries', async () => {
    const span = YEARS * 365 * 86_400_000;
    const start = Date.now() - span;
    const batch = 500_000;
    // i → a row: kind by i % 100 (70 % news, 15 % sign-ins, the rest spread), action by kind.
    const kind = `case when i % 100 < 70 then 'news' when i % 100 < 85 then 'session'
    when i % 100 < 88 then 'category' when i % 100 < 91 then 'subcategory'
    when i % 100 < 93 then 'anchor' when i % 100 < 95 then 'publisher'
    when i % 100 < 97 then 'staff' when i % 100 < 99 then 'invitation' else 'settings' end`;
    const action = `case when i % 100 < 70 then (case when i % 13 = 0 then 'create' when i % 29 = 0 then 'delete' else 'update' end)
    when i % 100 < 85 then (case when i % 17 = 0 then 'sign_in_failed' else 'sign_in' end)
    else (case when i % 3 = 0 then 'create' when i % 3 = 1 then 'update' else 'delete' end) end`;
    const changes = `'[{"field":"title","before":"A story as it was, number ' || i || '","after":"A story as it is now, number ' || i || '"}]'`;
    for (let first = from; first < to; first += batch) {
      const last = Math.min(to, first + batch) - 1;
      if (isSqlite) {
        await sql
          .raw(
            `with recursive n(i) as (select ${first} union all select i + 1 from n where i < ${last})
          insert into audit_entries (id, at, actor_id, actor_name, action, kind, thing_id, title, address, changes)
          select lower(hex(randomblob(16))),
            strftime('%Y-%m-%dT%H:%M:%fZ', (${start} + ${span}.0 * i / ${to}) / 1000.0, 'unixepoch'),
            'staff-' || (i * 7 % ${STAFF}), 'Staff member ' || (i * 7 % ${STAFF}),
            ${action}, ${kind}, 'thing-' || (i / 5), 'A story, number ' || i,
            '10.0.' || (i % 250) || '.' || (i % 199), ${changes}
          from n`,
          )
          .execute(kysely);
      } else {
        await sql
          .raw(
            `insert into audit_entries (id, at, actor_id, actor_name, action, kind, thing_id, title, address, changes)
          select md5(i::text || random()::text),
            to_char(to_timestamp((${start} + ${span}::float8 * i / ${to}) / 1000.0) at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
            'staff-' || (i * 7 % ${STAFF}), 'Staff member ' || (i * 7 % ${STAFF}),
            ${action}, ${kind}, 'thing-' || (i / 5), 'A story, number ' || i,
            '10.0.' || (i % 250) || '.' || (i % 199), ${changes}
          from generate_series(${first}::bigint, ${last}::bigint) as i`,
          )
          .execute(kysely);
      }
      process.stdout.write(`\r  ${(last + 1).toLocaleString('en')} entries`);
    }
    process.stdout.write('\n  making the indexes again…');
  });
  if (isSqlite) await sql`analyze`.execute(kysely);
  else await sql`vacuum analyze audit_entries`.execute(kysely);
  process.stdout.write(' done\n');
}
