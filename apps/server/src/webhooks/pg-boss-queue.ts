import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../domain/clock.ts';
import { LEASE_MS, type Claim, type DeliveryQueue } from './queue.ts';
import { quietWarning, type WarningLog } from './quiet-warning.ts';

/** pg-boss's queue of webhook attempts and WebSub pings: one job per due attempt. */
const QUEUE = 'webhook-delivery';

/** A job of QUEUE: the delivery row whose attempt it is. */
interface AttemptJob {
  deliveryId: string;
}

/**
 * The deliveries' queue on PostgreSQL (decision 124), pg-boss 10 on the site's own connections:
 * each due attempt is a job, written in the same transaction as the delivery row that names it
 * (its id is the row's `lease_token`), taken by one instance with `FOR UPDATE SKIP LOCKED`. A job
 * is completed in the transaction that writes its attempt's outcome (and queues the next attempt,
 * if any, as a new job); a taker killed meanwhile leaves its job active until it expires (the
 * lease), and pg-boss's maintenance hands it to the next taker with the same id, so the delivery
 * is sent again: never lost, at worst repeated with the same `webhook-id`.
 */
export class PgBossQueue implements DeliveryQueue {
  private boss: PgBoss | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log: WarningLog,
  ) {}

  async start(): Promise<void> {
    const schema = await queueSchema(this.db);
    const boss = new PgBoss({
      db: connectionOf(this.db),
      schema,
      // Only the maintenance that recovers expired jobs and clears finished ones; no cron.
      schedule: false,
      // A killed taker's job is handed on within a lease and one interval.
      maintenanceIntervalSeconds: 10,
      // The deliveries table is the record; a finished job is kept a day for inspection.
      archiveCompletedAfterSeconds: 3_600,
      deleteAfterDays: 1,
    });
    // A round that failed (the database away) is tried again at the next interval.
    boss.on('error', quietWarning(this.log, 'Webhook queue maintenance failed; it is tried again'));
    await boss.start();
    await boss.createQueue(QUEUE, {
      name: QUEUE,
      expireInSeconds: Math.ceil(LEASE_MS / 1000),
      // Retries here are for takers that died mid-attempt; failed answers are retried by the
      // worker on the schedule of schedule.ts, each attempt a job of its own.
      retryLimit: 50,
      retryDelay: 1,
      // A job waits at most as long as a delivery is tried (24 hours), with room.
      retentionMinutes: 2 * 24 * 60,
    });
    this.boss = boss;
    await this.adoptPending(schema);
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    // The worker has finished its attempts by now; the connections are the site's to close.
    await boss?.stop({ graceful: false, close: false });
  }

  async schedule(trx: Kysely<Database>, deliveryId: string, delayMs: number): Promise<string> {
    const id = randomUUID();
    const job: AttemptJob = { deliveryId };
    // Seconds from the database's own now, so the retry schedule holds whatever the site's clock.
    const startAfter = Math.max(0, Math.round(delayMs / 1000));
    const sent = await this.started().send(QUEUE, job, { id, startAfter, db: connectionOf(trx) });
    if (sent !== id) throw new Error(`The webhook queue did not take delivery ${deliveryId}`);
    return id;
  }

  async take(room: number, now: string): Promise<Claim[]> {
    const jobs = await this.started().fetch<AttemptJob>(QUEUE, { batchSize: room });
    if (jobs.length === 0) return [];
    const claims = jobs.map((job) => ({ deliveryId: job.data.deliveryId, token: job.id }));
    // Shown as under way on the endpoint's screen, and not pinged twice (worker.ts queuePings).
    await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: new Date(Date.parse(now) + LEASE_MS).toISOString() })
      .where(
        'lease_token',
        'in',
        claims.map((claim) => claim.token),
      )
      .execute();
    return claims;
  }

  async finish(trx: Kysely<Database>, claim: Claim): Promise<void> {
    // No output to keep (the row holds the outcome); `db` is the fourth argument, after it.
    await this.started().complete(QUEUE, claim.token, {}, { db: connectionOf(trx) });
  }

  async release(claims: Claim[]): Promise<void> {
    if (claims.length === 0) return;
    await this.started().complete(
      QUEUE,
      claims.map((claim) => claim.token),
    );
  }

  /**
   * Gives a job to each pending delivery that no live job holds: one written before the queue
   * moved to pg-boss, or whose job ran out of retries (its takers kept dying). Due when its row
   * says. Two instances starting at once adopt a row once: the row's update is conditional, and the
   * loser's job rolls back with it.
   */
  private async adoptPending(schema: string): Promise<void> {
    // pg-boss's job states are ordered: created, retry, active, then the final ones.
    const { rows: pending } = await sql<{
      id: string;
      lease_token: string | null;
      next_attempt_at: string;
    }>`select d.id, d.lease_token, d.next_attempt_at from webhook_deliveries d
      where d.status = 'pending' and not exists (
        select 1 from ${sql.table(`${schema}.job`)} j
        where j.name = ${QUEUE} and j.id::text = d.lease_token and j.state < 'completed')`.execute(
      this.db,
    );
    for (const row of pending) {
      const held = row.lease_token;
      const delayMs = Math.max(0, Date.parse(row.next_attempt_at) - this.clock.now().getTime());
      await this.db
        .transaction()
        .execute(async (trx) => {
          const token = await this.schedule(trx, row.id, delayMs);
          const adopted = await trx
            .updateTable('webhook_deliveries')
            .set({ lease_token: token, lease_until: null })
            .where('id', '=', row.id)
            .where('status', '=', 'pending')
            .where((eb) =>
              held === null ? eb('lease_token', 'is', null) : eb('lease_token', '=', held),
            )
            .executeTakeFirst();
          if (Number(adopted.numUpdatedRows) === 0) throw new AdoptedElsewhere();
        })
        .catch((error: unknown) => {
          if (!(error instanceof AdoptedElsewhere)) throw error;
        });
    }
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error('The webhook queue is not started');
    return this.boss;
  }
}

/** Rolls back an adoption another instance (or the row's own worker) made first. */
class AdoptedElsewhere extends Error {}

/** pg-boss's statements, run on a connection of ours (a transaction's, to join it). */
function connectionOf(db: Kysely<Database>): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * pg-boss keeps its tables in a schema of its own beside the site's: `pgboss` for a site in
 * `public`, `<schema>_pgboss` for a site given another one (its connection's search_path), so
 * sites sharing a database never share a queue.
 */
async function queueSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return schema === 'public' ? 'pgboss' : `${schema}_pgboss`;
}
