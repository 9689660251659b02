import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A module the app runs apart (a forked process, or a worker thread), found beside the code that
 * starts it: its TypeScript source under tsx (development and tests), or the built file
 * (apps/server/dist, where tsup writes each such module beside main.js).
 */
export function childModule(
  importer: string,
  name: string,
): { modulePath: string; execArgv: string[] } {
  const fromSource = importer.endsWith('.ts');
  const file = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, importer);
  const tsx = () => pathToFileURL(createRequire(importer).resolve('tsx')).href;
  return { modulePath: fileURLToPath(file), execArgv: fromSource ? ['--import', tsx()] : [] };
}

/** How long a child told to stop may take to end before it is killed. */
const STOP_GRACE_MS = 2000;

/**
 * Ends a forked child: disconnected, which tells it to finish and exit, then killed if it has
 * not ended within the grace.
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  if (child.connected) child.disconnect();
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
