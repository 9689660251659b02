import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TEMPLATE = `<!doctype html><html><head><!--app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/app-1a2b.js"></script></body></html>`;

/**
 * A stand-in for apps/web's built renderer: it reads categories through the transport it is
 * given (the API in-process) and answers 404 for /missing and a redirect for /old. Like the real
 * one, /news/{slug} reads the article (404 when there is none), / the newest list and
 * /section/{name} the list of a category, each shown as titles. While a test holds
 * `globalThis.__renderGate` (a promise), renders start but wait for it before reading.
 */
const RENDERER = `
export async function render({ url, publicUrl, fetch }) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (globalThis.__renderGate) await globalThis.__renderGate;
  if (url === '/old') return { kind: 'redirect', status: 301, location: '/' };
  const get = async (path) => {
    const response = await fetch(path, { method: 'GET', headers: { accept: 'application/json' } });
    return { status: response.status, body: await response.json() };
  };
  const { body } = await get('/api/v1/u/category-list');
  const names = body.data.map((c) => c.name).join(', ');
  const path = url.split('?')[0];
  let status = path === '/missing' ? 404 : 200;
  let content = '';
  const article = /^\\/news\\/([^/]+)$/.exec(path);
  const section = /^\\/section\\/([^/]+)$/.exec(path);
  if (article) {
    const read = await get('/api/v1/u/news/' + article[1]);
    if (read.status === 200) content = '<h1>' + read.body.data[0].title + '</h1>';
    else status = 404;
  } else if (section || path === '/') {
    const list = await get('/api/v1/u/get' + (section ? '?category=' + section[1] : ''));
    content = '<ul>' + list.body.data.map((n) => '<li>' + n.title + '</li>').join('') + '</ul>';
  }
  return {
    kind: 'page',
    status,
    head: '<link rel="canonical" href="' + publicUrl + url + '">',
    html: '<main>Categories: ' + names + '</main>' + content + 'x'.repeat(2000),
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
