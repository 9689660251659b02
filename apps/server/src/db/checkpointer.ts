import { createRequire } from 'node:module';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/** How often the WAL is copied back into the database file. */
export const CHECKPOINT_INTERVAL_MS = 500;

/**
 * The thread's code, run as a script (`eval`): it needs nothing but the driver, whose path the
 * app resolves for it, so it runs the same from source, from the build and under the tests.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
let reported = false;
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
    reported = false;
  } catch (error) {
    if (!reported) parentPort.postMessage({ failed: String(error && error.message || error) });
    reported = true;
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface CheckpointLogger {
  warn(details: object, message: string): void;
}

/**
 * Copies SQLite's write-ahead log back into the database file from a thread of its own, with its
 * own connection (decision 078). Left to itself, SQLite does this inside the commit that grows
 * the log past 1,000 pages, on the thread that committed: the app's main thread, where on a
 * database of a million articles it held every reader up for 100–200 ms. The app's connection
 * turns that off (`wal_autocheckpoint = 0`) and this thread checkpoints twice a second instead,
 * passively: it never waits for the app's readers or its writer, nor they for it.
 */
export class Checkpointer {
  private readonly worker: Worker;

  constructor(file: string, log: CheckpointLogger, intervalMs = CHECKPOINT_INTERVAL_MS) {
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: {
        file,
        intervalMs,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
    });
    // Never what keeps the process alive: the app closes it with the database.
    this.worker.unref();
    this.worker.on('message', (message: { failed?: string }) => {
      log.warn({ reason: message.failed }, 'SQLite checkpoint failed; it is tried again');
    });
    this.worker.on('error', (error) => {
      log.warn({ err: error }, 'the SQLite checkpoint thread stopped');
    });
  }

  /** Ends the thread after the checkpoint under way, if any; its connection is closed. */
  async close(): Promise<void> {
    if (this.worker.threadId === -1) return; // already gone
    const exited = once(this.worker, 'exit');
    // Held until it has ended: waiting for an unreferenced thread would let the process end first.
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }
}
