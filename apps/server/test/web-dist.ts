import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TEMPLATE = `<!doctype html><html><head><!--app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/app-1a2b.js"></script></body></html>`;

/**
 * A stand-in for apps/web's built renderer: it reads categories through the transport it is
 * given (the API in-process) and answers 404 for /missing and a redirect for /old.
 */
const RENDERER = `
export async function render({ url, publicUrl, fetch }) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (url === '/old') return { kind: 'redirect', status: 301, location: '/' };
  const response = await fetch('/api/v1/u/category-list', { method: 'GET', headers: { accept: 'application/json' } });
  const { data } = await response.json();
  const names = data.map((c) => c.name).join(', ');
  return {
    kind: 'page',
    status: url === '/missing' ? 404 : 200,
    head: '<link rel="canonical" href="' + publicUrl + url + '">',
    html: '<main>Categories: ' + names + '</main>' + 'x'.repeat(2000),
    state: '<script id="app-state" type="application/json">{}</script>',
  };
}
`;

const SCRIPT = `console.log(${JSON.stringify('hello '.repeat(300))});`;

/** A built web app in a temporary folder, for WEB_DIST; the caller removes it. */
export async function fakeDist(): Promise<string> {
  const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-web-dist-'));
  await fs.mkdir(path.join(dist, 'client', 'assets'), { recursive: true });
  await fs.mkdir(path.join(dist, 'server'), { recursive: true });
  await fs.writeFile(path.join(dist, 'client', 'index.html'), TEMPLATE);
  await fs.writeFile(
    path.join(dist, 'client', 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  await fs.writeFile(path.join(dist, 'client', 'assets', 'app-1a2b.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'client', 'assets', 'app-1a2b.js.gz'), gzipSync(SCRIPT));
  await fs.writeFile(path.join(dist, 'server', 'entry-server.js'), RENDERER);
  return dist;
}
