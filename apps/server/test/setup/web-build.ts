import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The page tests (news-sanitize, page-metadata, background-variants and others) render pages with
 * the real web app as `npm run build` builds it. So that `npm test` works on a fresh clone, and
 * never tests a stale build, this global setup builds the web app first when its build is
 * missing or older than any of its sources, as make would. CI builds before testing, so there it
 * finds the build current and does nothing.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const web = path.join(root, 'apps/web');
const BUILT = path.join(web, 'dist/server/entry-server.js');
const SOURCES = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/contract/src'),
];

/** The newest modification time of a file or of any file under a folder. */
function newest(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce(
    (latest, name) => Math.max(latest, newest(path.join(entry, name))),
    stat.mtimeMs,
  );
}

export default function setup(): void {
  const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map(newest));
  if (built >= changed) return;
  process.stdout.write(
    built === 0
      ? 'The web app is not built: building it for the page tests (npm run build -w apps/web)\n'
      : 'The web app changed since its build: building it again for the page tests\n',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('Building the web app for the page tests failed');
}
