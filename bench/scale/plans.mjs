// Query plans of each read: the app's own services run on a Kysely that records every statement,
// then each statement is explained (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN).
import os from 'node:os';
import { CompiledQuery, Kysely } from 'kysely';
import { CategoryService } from '../../apps/server/src/category/service.ts';
import { ContactService } from '../../apps/server/src/contact/service.ts';
import { DashboardService } from '../../apps/server/src/dashboard/service.ts';
import { systemClock } from '../../apps/server/src/domain/clock.ts';
import { NewsArchive } from '../../apps/server/src/feeds/archive.ts';
import { NewsService } from '../../apps/server/src/news/service.ts';
import { SearchService } from '../../apps/server/src/search/service.ts';
import { ViewBuffer } from '../../apps/server/src/views/view-buffer.ts';
import { LocalStorage } from '../../apps/server/src/storage/local.ts';
import { SubCategoryService } from '../../apps/server/src/subcategory/service.ts';

/** A full scan of the news table, in either database's words. */
const FULL_SCAN = /^SCAN (news|n|m)$|Seq Scan on news\b/;

/** The services of the reads, on a Kysely sharing `db`'s dialect whose statements are recorded. */
export function recordingServices(dialect) {
  const recorded = [];
  const kysely = new Kysely({
    dialect,
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query);
    },
  });
  // Nothing is cached here, so writes have nothing to drop; views go to a buffer of their own.
  const nothingToDrop = async () => undefined;
  const views = new ViewBuffer(kysely, { warn: () => undefined });
  const storage = new LocalStorage(os.tmpdir());
  const services = {
    news: new NewsService(kysely, storage, views, nothingToDrop, systemClock),
    categories: new CategoryService(kysely, nothingToDrop),
    subcategories: new SubCategoryService(kysely, nothingToDrop),
    contacts: new ContactService(kysely),
    dashboard: new DashboardService(kysely),
    archive: new NewsArchive(kysely, systemClock),
    search: new SearchService(kysely, storage, systemClock),
  };
  return { kysely, services, recorded };
}

async function explain(kysely, isSqlite, query) {
  const prefix = isSqlite ? 'explain query plan ' : 'explain ';
  const { rows } = await kysely.executeQuery(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  );
  return rows.map((row) => (isSqlite ? row.detail : row['QUERY PLAN']));
}

/** Each statement the read runs, with its plan lines; `fullScan` when one reads all of news. */
export async function plansOf(recording, isSqlite, read) {
  recording.recorded.length = 0;
  await read.plan(recording.services);
  const statements = [...recording.recorded];
  const plans = [];
  for (const query of statements) {
    plans.push({ sql: query.sql, lines: await explain(recording.kysely, isSqlite, query) });
  }
  const fullScan = plans.some((p) => p.lines.some((line) => FULL_SCAN.test(line.trim())));
  return { plans, fullScan };
}

export function printPlans({ plans }) {
  for (const plan of plans) {
    console.log(`    ${plan.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
    for (const line of plan.lines) console.log(`      ${line}`);
  }
}
