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
 * /section/{name} the list of a category, each shown as titles; /{category}/{sub-category?} by
 * their readable names shows the category's list (404 when they name none), and a page the host
 * says is gone shows 'Removed' with status 410. While a test holds `globalThis.__renderGate` (a
 * promise), renders start but wait for it before reading. Pages name the time zone they were
 * asked to write dates in.
 */
const RENDERER = `
export async function render({ url, publicUrl, fetch, gone, timeZone }) {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (globalThis.__renderGate) await globalThis.__renderGate;
  if (url === '/old') return { kind: 'redirect', status: 301, location: '/' };
  if (gone) return { kind: 'page', status: 410, head: '', html: '<main>Removed</main>', state: '' };
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
  const readable = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const decoded = (segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  const segments = path.split('/').slice(1).map((segment) => readable(decoded(segment)));
  const fixed = article || section || path === '/' || path === '/missing';
  const category = fixed ? null : body.data.find((c) => readable(c.name) === segments[0]);
  const sub = category && segments[1]
    ? category.subcategory.find((s) => readable(s.name) === segments[1])
    : null;
  if (!fixed && (!category || segments.length > 2 || (segments[1] && !sub))) status = 404;
  if (article) {
    const read = await get('/api/v1/u/news/' + article[1]);
    if (read.status === 200) content = '<h1>' + read.body.data[0].title + '</h1>';
    else status = 404;
  } else if (section || path === '/' || status === 200) {
    const params = new URLSearchParams();
    if (section) params.set('category', decoded(section[1]));
    if (category) params.set('category', category.name);
    if (sub) params.set('subcategory', sub.name);
    const filter = params.size > 0 ? '?' + params.toString() : '';
    const list = await get('/api/v1/u/get' + filter);
    content = '<ul>' + list.body.data.map((n) => '<li>' + n.title + '</li>').join('') + '</ul>';
  }
  return {
    kind: 'page',
    status,
    head: '<link rel="canonical" href="' + publicUrl + url + '">',
    html: '<main>Categories: ' + names + '</main>' + content + '<p>Zone: ' + timeZone + '</p>' + 'x'.repeat(2000),
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
