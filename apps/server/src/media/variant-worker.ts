/**
 * The variant process (forked by variant-process.ts at the lowest CPU priority): opens the media
 * store it is told, then makes one picture's variants per message and answers each. It ends
 * when the app disconnects.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { openStorage } from '../storage/open-storage.ts';
import type { MediaStorage } from '../storage/storage.ts';
import { makeVariants } from './variant-job.ts';
import type { FromVariantProcess, ToVariantProcess } from './variant-protocol.ts';

let storage: MediaStorage | undefined;

// One encoder thread (and one libuv thread, UV_THREADPOOL_SIZE from variant-process.ts): the
// variants of a picture take longer, but this process never holds more than one core.
sharp.concurrency(1);

/**
 * Linux keeps a priority per thread, and threads the runtime started before the app lowered this
 * process keep theirs: every thread is lowered to the main thread's priority, so the encoder
 * threads started later (which inherit it) and those already running all yield to the app. Where
 * util-linux's chrt is found, every thread also moves to the idle scheduling class, which runs
 * only on a core nothing else wants: at nice 19 a busy encoder still delayed the app's wake-ups.
 */
function lowerEveryThread(): void {
  const priority = os.getPriority();
  let threads: string[];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    return; // not Linux: the process priority is the threads' priority
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), priority);
    } catch {
      // a thread that has ended meanwhile
    }
  }
  // Without chrt (or where it is refused) the threads stay at the lowest priority.
  spawnSync('chrt', ['--all-tasks', '--idle', '--pid', '0', String(process.pid)], {
    stdio: 'ignore',
  });
}

function answer(message: FromVariantProcess): void {
  // The app may have ended while this job ran: its 'disconnect' ends this process, and the send
  // error (EPIPE) that can come first is no crash.
  if (!process.connected) return;
  process.send?.(message, undefined, {}, () => {});
}

process.on('message', (message: ToVariantProcess) => {
  if (message.type === 'open') {
    lowerEveryThread();
    storage = openStorage(message.storage);
    return;
  }
  const { job } = message;
  void (async () => {
    try {
      if (!storage) throw new Error('the media store was not opened');
      answer({ type: 'made', job, madeKey: await makeVariants(storage, job.key) });
    } catch (error) {
      answer({
        type: 'failed',
        job,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  })();
});

process.on('disconnect', () => {
  process.exit(0);
});
