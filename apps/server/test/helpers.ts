import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';

export const SIGNUP_CODE = 'test-signup-code';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
  /**
   * Another instance on the same database and DATA_DIR (the same secrets), as a second server
   * behind a load balancer or this one after a restart. Closing it leaves the database alone.
   */
  sibling(env?: Record<string, string>): Promise<TestApp>;
}

/**
 * A fresh application on a fresh database: a new SQLite file, or a new schema of the PostgreSQL
 * database named by DATABASE_URL, dropped again on close.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
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
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  }
  const shared = {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    ADMIN_SIGNUP_CODE: SIGNUP_CODE,
    PUBLIC_URL: 'http://news.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const sibling = async (more: Record<string, string> = {}): Promise<TestApp> => {
    const app = await buildApp(loadConfig({ ...shared, ...more }), { logger: false });
    return { app, dataDir, close: () => app.close(), sibling };
  };
  const first = await sibling(env);
  return {
    ...first,
    async close() {
      await first.app.close();
      await dropSchema();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request whose JSON answer is parsed, for short assertions. */
export async function call(app: FastifyInstance, options: InjectOptions) {
  const response = await app.inject(options);
  const body = response.headers['content-type']?.toString().includes('application/json')
    ? response.json()
    : response.body;
  return { status: response.statusCode, body, headers: response.headers };
}
