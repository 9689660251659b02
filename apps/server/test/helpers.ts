import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { migrationProvider } from '../src/migrations/provider.ts';
import type { Clock } from '../src/domain/clock.ts';

export const SIGNUP_CODE = 'test-signup-code';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  /** The PostgreSQL URL (with its own schema) when DATABASE_URL is set. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The app's clock, for tests that move time forward. */
  clock?: Clock;
  /** How long picture switches wait to be announced together. */
  variantSwitchBatchMs?: number;
}

/**
 * A fresh application on a fresh database: a new SQLite file, or a new schema of the PostgreSQL
 * database named by DATABASE_URL, dropped again on close. An `env` value of '' unsets a default.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-test-'));
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (baseUrl) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      // The site's schema and its webhook queue's (webhooks/pg-boss-queue.ts).
      await c.query(`drop schema if exists ${schema}_pgboss cascade`);
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  const app = await buildTestApp(dataDir, databaseUrl, env, options);
  return {
    app,
    dataDir,
    databaseUrl,
    async close() {
      await app.close();
      await dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of a test app: the same DATA_DIR (so the same SQLite file and secrets) or the
 * same PostgreSQL schema, as two processes behind a load balancer would share them. Close it
 * before the first one, which owns the database and folder.
 */
export async function createSiblingApp(
  first: TestApp,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock'> = {},
): Promise<TestApp> {
  const app = await buildTestApp(first.dataDir, first.databaseUrl, env, options);
  return { app, dataDir: first.dataDir, databaseUrl: first.databaseUrl, close: () => app.close() };
}

function buildTestApp(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string>,
  options: TestAppOptions = {},
) {
  const settings: Record<string, string> = {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ADMIN_SIGNUP_CODE: SIGNUP_CODE,
    PUBLIC_URL: 'http://news.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  };
  return buildApp(
    loadConfig(Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== ''))),
    { logger: false, ...options },
  );
}

/**
 * Two more instances of a test app on one Redis, as a writer and a reader behind a load balancer,
 * on a channel of their own (parallel runs on the same Redis must not hear each other); resolved
 * once both caches are subscribed.
 */
export async function redisSiblings(
  first: TestApp,
  redisUrl: string,
  env: Record<string, string> = {},
  options: Pick<BuildOptions, 'clock'> = {},
): Promise<[TestApp, TestApp]> {
  const settings = {
    ...env,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `newsroom-test-${randomBytes(6).toString('hex')}:`,
  };
  const pair = await Promise.all([
    createSiblingApp(first, settings, options),
    createSiblingApp(first, settings, options),
  ]);
  const end = Date.now() + 5000;
  while (!pair.every((sibling) => sibling.app.publicCache.enabled)) {
    if (Date.now() > end) throw new Error('two instances did not subscribe to Redis within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return pair;
}

/** A request whose JSON answer is parsed, for short assertions. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  const body = response.headers['content-type']?.toString().includes('application/json')
    ? response.json()
    : response.body;
  return { status: response.statusCode, body, headers: response.headers };
}

/** The app's migrator, on the schema its connection uses (PostgreSQL: the run's own). */
export async function migratorOf(app: FastifyInstance): Promise<Migrator> {
  const db = app.db.kysely;
  const schema =
    app.db.dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
}
