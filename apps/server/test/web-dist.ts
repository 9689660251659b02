import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { pageRenders } from '../src/pages/pages.ts';

const TEMPLATE = `<!doctype html><html><head><!--app-head--></head>
<body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/app-1a2b.js"></script></body></html>`;

/**
 * A stand-in for apps/web's built renderer: it reads through the reads it is given (the page
 * host's calls on the services) and answers 404 for /missing and a redirect for /old. Like the
 * real one, /news/{slug} reads the article (404 when there is none), / the newest list and
 * /section/{name} the list of a category, each shown as titles; /{category}/{sub-category?} by
 * their readable names shows the category's list (404 when they name none), and a page the host
 * says is gone shows 'Removed' with status 410. An article page leaves the menu and 'Read this
 * also' (the 3 newest articles but its own) to shared parts, as the real one does. While a test
 * holds renders (`holdRenders`: a file beside the renderer, seen by every render thread), renders
 * start but wait before reading.
 * Pages name the time zone they were asked to write dates in.
 */
const RENDERER = `
import { existsSync } from 'node:fs';

const slotMark = (name) => '<!--slot:' + name + '-->';
const gate = new URL('./gate', import.meta.url);

export async function render({ url, publicUrl, reads, gone, timeZone }) {
  while (existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 5));
  if (url === '/old') return { kind: 'redirect', status: 301, location: '/' };
  if (gone) {
    return { kind: 'page', status: 410, head: '', html: '<main>Removed</main>', state: '', slots: [] };
  }
  const path = url.split('?')[0];
  const article = /^\\/news\\/([^/]+)$/.exec(path);
  let status = path === '/missing' ? 404 : 200;
  let content = '';
  let slots = [];
  let names = '';
  if (article) {
    const read = await reads.article(decodeURIComponent(article[1]));
    if (read) {
      content = '<h1>' + read.title + '</h1><nav>' + slotMark('menu') + '</nav>' +
        '<aside>' + slotMark('read-also') + '</aside>';
      slots = [{ name: 'menu', current: null }, { name: 'read-also', exclude: read.slug, limit: 3 }];
    } else status = 404;
  } else {
    const categories = await reads.categories();
    names = '<main>Categories: ' + categories.map((c) => c.name).join(', ') + '</main>';
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
    const fixed = section || path === '/' || path === '/missing';
    const category = fixed ? null : categories.find((c) => readable(c.name) === segments[0]);
    const sub = category && segments[1]
      ? category.subcategory.find((s) => readable(s.name) === segments[1])
      : null;
    if (!fixed && (!category || segments.length > 2 || (segments[1] && !sub))) status = 404;
    if (status === 200) {
      const filter = { page: 1, limit: 10 };
      if (section) filter.category = decoded(section[1]);
      if (category) filter.category = category.name;
      if (sub) filter.subcategory = sub.name;
      const list = await reads.newsPage(filter);
      content = '<ul>' + list.data.map((n) => '<li>' + n.title + '</li>').join('') + '</ul>';
    }
  }
  return {
    kind: 'page',
    status,
    head: '<link rel="canonical" href="' + publicUrl + url + '">',
    html: names + content + '<p>Zone: ' + timeZone + '</p>' + 'x'.repeat(2000),
    state: '<script id="app-state" type="application/json">{}</script>',
    slots,
  };
}

export function renderFragment(request) {
  if (request.name === 'menu') {
    return {
      open: '<ul class="menu">',
      items: request.categories.map((c) => ({ slug: c.name, html: '<li>' + c.name + '</li>' })),
      close: '</ul>',
    };
  }
  return {
    open: '<section class="' + request.name + '"><h2>Read this also</h2><ul>',
    items: request.articles.map((a) => ({ slug: a.slug, html: '<li>' + a.title + '</li>' })),
    close: '</ul></section>',
  };
}
`;

const SCRIPT = `console.log(${JSON.stringify('hello '.repeat(300))});`;

/** Pages rendered since start, by every app of this test process (pages/pages.ts). */
export const renders = () => pageRenders.count;

/** Holds every page render of the stand-in in `dist` that starts from now until released. */
export function holdRenders(dist: string): () => void {
  const gate = path.join(dist, 'server', 'gate');
  writeFileSync(gate, '');
  return () => rmSync(gate, { force: true });
}

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
