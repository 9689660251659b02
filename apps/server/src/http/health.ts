import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaStorage } from '../storage/storage.ts';

/**
 * Where the health check answers: under `/-/`, which no section's address can take (a name's path
 * segment never begins with '-', toPathSegment), so a Health section keeps `/health` (decision 130).
 */
export const HEALTH_PATH = '/-/health';

/** Longest a single check may take: a hung dependency answers "not ok", never a hung probe. */
const CHECK_TIMEOUT_MS = 1500;

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: { ok: boolean; dialect: Db['dialect'] };
  /** null when no Redis is configured (state is in-process). */
  redis: { ok: boolean } | null;
  storage: { ok: boolean };
}

/** Resolves true when the check succeeds within the timeout, false on failure or timeout. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthDeps {
  db: Db;
  redis: Redis | null;
  storage: MediaStorage;
}

/** Asks the database, Redis and the media store at once; each answer is bounded in time. */
export async function checkHealth({ db, redis, storage }: HealthDeps): Promise<HealthReport> {
  const [database, redisOk, storageOk] = await Promise.all([
    answers(() => sql`select 1`.execute(db.kysely)),
    redis ? answers(() => redis.ping()) : Promise.resolve(null),
    answers(() => storage.check()),
  ]);
  const healthy = database && redisOk !== false && storageOk;
  return {
    status: healthy ? 'ok' : 'degraded',
    database: { ok: database, dialect: db.dialect },
    redis: redisOk === null ? null : { ok: redisOk },
    storage: { ok: storageOk },
  };
}

/** GET /-/health: 200 when every dependency answers, 503 with the same report when one does not. */
export function healthRoute(deps: HealthDeps) {
  return async (app: FastifyInstance) => {
    app.get(HEALTH_PATH, async (_request, reply) => {
      const report = await checkHealth(deps);
      return reply
        .status(report.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report);
    });
  };
}
