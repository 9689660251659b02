// The editor of `npm run bench -- --site`: writes of every kind at a steady rate while readers
// read the whole site, each timed, and each read back as a reader would see it. In every ten
// writes: five articles created (two with a picture; one of them is kept off the readers' list
// and deleted by the sixth write), three or four updated (new title; an article of the grown site
// or one written in the run) and one deleted; and now and then, at most once every ten seconds
// whatever the rate (decision 096), the tenth is a category created or renamed, by turns. The
// pages of the articles and sections it makes are appended to the readers' list.
import { appendFileSync } from 'node:fs';
import { publicPaths } from '@newsroom/contract';
import { adminWrite, json, newsFields } from '../mixed.mjs';
import { sectionAddresses } from './grow.mjs';

/** How long a created article may take to show on the home page before it counts as missing. */
const LIST_WAIT_MS = 5000;
const LIST_POLL_MS = 50;
/** A grown category the editor renames (it is the least read: bench/scale/grow.mjs). */
const RENAMED = 'Local';
/** The video of an article written without a picture (one of the two is required). */
const VIDEO = 'https://video.example.com/bench';

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** A newsroom changes its sections now and then, whatever the pace of its articles. */
const SECTION_EVERY_MS = 10_000;

/**
 * Starts writing `rate` times a second; `stop()` ends the writes, waits for their checks and
 * resolves with what happened. `site` is shared by the runs of one sitting: the categories as
 * /u/category-list gives them, the publishers, the public articles ({ id, slug, title }) and a
 * counter of writes.
 */
export function startEditor({ base, headers, rate, listFile, site, pictures }) {
  const writes = [];
  const checks = { pages: [], updates: [], deletes: [], renames: [], listDelays: [] };
  /** Article pages the editor read (200): each counted a view. */
  let pageViews = 0;
  let toDelete = null;
  let picture = 0;
  const pending = [];
  /**
   * Every article this run created (the one kept off the readers' list too, which may push others
   * off the home page until it is deleted), with the time the site gave it, as each write answered.
   */
  const written = [];

  const readerList = (pairs) =>
    appendFileSync(listFile, pairs.map(([kind, path]) => `${kind}\t${path}\n`).join(''));
  const page = async (path) => {
    const response = await fetch(base + path, { redirect: 'manual' });
    const text = await response.text();
    if (response.status === 200 && path.startsWith('/news/')) pageViews += 1;
    return { status: response.status, text, location: response.headers.get('location') };
  };
  const write = async (kind, method, url, options) => {
    const result = await adminWrite(base, headers, method, url, options).catch((error) => ({
      ok: false,
      ms: 0,
      message: error.message,
    }));
    writes.push({ kind, ms: result.ms, ok: result.ok, message: result.message });
    return result;
  };

  const taxonomyFor = (n) => {
    const category = site.categories[n % site.categories.length];
    const subs = category.subcategory ?? [];
    return {
      categoryId: category._id,
      subCategoryId: subs.length && n % 7 !== 0 ? subs[n % subs.length]._id : undefined,
      publisherId: site.publishers[n % site.publishers.length]._id,
    };
  };

  async function create(n, { image, listed }) {
    const fields = {
      ...newsFields(n, taxonomyFor(n), `Site bench article ${n} at ${rate} a second`),
      ...(!image && { videoURL: VIDEO }),
    };
    const result = await write('create', 'POST', '/news/create', {
      fields,
      image: image ? pictures[picture++ % pictures.length] : undefined,
    });
    if (!result.ok) return;
    const article = { id: result.data._id, slug: result.data.slug, title: fields.title };
    const createdAt = result.data.createdAt;
    written.push({ createdAt, article });
    if (!listed) {
      toDelete = article;
      return;
    }
    const answered = performance.now();
    const shown = await page(publicPaths.article(article.slug));
    checks.pages.push(shown.status === 200 && shown.text.includes(article.title));
    site.articles.push(article);
    readerList([['new article', publicPaths.article(article.slug)]]);
    // The home page's list: how long after the write's answer it shows the new title, or that of
    // an article the site created after it (at 5 writes a second newer ones may have pushed it
    // off). Writes answer out of order, so "after" is by the site's time, not by the answers'.
    for (;;) {
      const home = await page(publicPaths.home());
      const after = performance.now() - answered;
      const shown = written.some(
        (other) => other.createdAt >= createdAt && home.text.includes(other.article.title),
      );
      if (shown || after > LIST_WAIT_MS) {
        checks.listDelays.push(shown ? after : Infinity);
        return;
      }
      await pause(LIST_POLL_MS);
    }
  }

  async function update(n) {
    const article = site.articles[Math.floor(Math.random() * site.articles.length)];
    const { body } = await json(await fetch(`${base}/api/v1/news/get/${article.id}`, { headers }));
    const kept = body.data;
    const title = `${article.title.replace(/ \(updated \d+\)$/, '')} (updated ${n})`;
    const fields = {
      title,
      slug: kept.slug,
      metaDescription: kept.metaDescription,
      description: kept.description,
      alt: kept.alt,
      tags: kept.tags,
      // An article needs a picture or a video; the grown ones have neither.
      videoURL: kept.videoURL || (kept.Image ? '' : VIDEO),
      status: kept.status,
      categoryId: kept.categoryId,
      subCategoryId: kept.subCategoryId ?? null,
      publisherId: kept.publisherId,
      anchorId: kept.anchorId ?? null,
    };
    const result = await write('update', 'PUT', `/news/update/${article.id}`, {
      fields,
      asJson: true,
    });
    if (!result.ok) return;
    article.title = title;
    const shown = await page(publicPaths.article(article.slug));
    checks.updates.push(shown.status === 200 && shown.text.includes(title));
  }

  async function remove() {
    if (!toDelete) return;
    const article = toDelete;
    toDelete = null;
    const result = await write('delete', 'DELETE', `/news/delete/${article.id}`);
    if (result.ok)
      checks.deletes.push((await page(publicPaths.article(article.slug))).status === 410);
  }

  let sections = 0;
  let lastSection = -Infinity;
  async function section(n) {
    lastSection = performance.now();
    sections += 1;
    if (sections % 2 === 1) {
      const name = `Site Desk ${n}`;
      const result = await write('category', 'POST', '/category/create', {
        fields: { name },
        asJson: true,
      });
      if (result.ok) readerList(sectionAddresses(name));
      return;
    }
    const category = site.categories.find((c) => c.name.startsWith(RENAMED));
    const before = category.name;
    const name = `${RENAMED} ${n}`;
    const result = await write('rename', 'PUT', `/category/update/${category._id}`, {
      fields: { name },
      asJson: true,
    });
    if (!result.ok) return;
    category.name = name;
    const old = await page(publicPaths.category(before));
    checks.renames.push(old.status === 301 && old.location === publicPaths.category(name));
    readerList([
      ...sectionAddresses(name),
      ...(category.subcategory ?? []).flatMap((sub) => sectionAddresses(name, sub.name)),
    ]);
  }

  function next() {
    site.writes += 1;
    const n = site.writes;
    switch (n % 10) {
      case 0:
      case 6:
        return create(n, { image: true, listed: true });
      case 2:
      case 8:
        return create(n, { image: false, listed: true });
      case 4:
        return create(n, { image: false, listed: false });
      case 5:
        return remove();
      case 9:
        return performance.now() - lastSection >= SECTION_EVERY_MS ? section(n) : update(n);
      default:
        return update(n);
    }
  }

  const timer = rate > 0 ? setInterval(() => pending.push(next()), 1000 / rate) : null;
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await Promise.allSettled(pending);
      return { writes, checks, pageViews };
    },
  };
}
