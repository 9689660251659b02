import type { Kysely, Migration } from 'kysely';
import { dialectOf, writePostgresFigureFunctions } from '../db/news-figures-triggers.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was, not as it is typed now */
type AnyDb = Kysely<any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * 0022_figure_trigger_plans (decision 125): on PostgreSQL the functions of the figures' triggers
 * are written again, the update's joining the rows before and after once for every scope. They
 * count exactly as before; every connection's first update plans in a third of the time. SQLite's
 * row triggers are unchanged.
 */
export const figureTriggerPlansMigration: Migration = {
  async up(db: AnyDb) {
    if (dialectOf(db) === 'postgres') await writePostgresFigureFunctions(db, 'notDraft');
  },

  /** The functions count as they did before: nothing to undo. */
  async down() {},
};
