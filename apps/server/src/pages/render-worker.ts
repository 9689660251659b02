/**
 * The render worker: a thread of the site (run by pages/render-pool.ts) that renders public pages
 * and shared parts from the services' reads, on a read-only connection of its own to the site's
 * database, each by the site's clock at the moment it was asked for (decision 133). The site's
 * thread keeps answering readers from the cache meanwhile.
 */
import { workerData } from 'node:worker_threads';
import { publicPaths, type NewsDto, type PageSlot } from '@newsroom/contract';
import { CategoryService } from '../category/service.ts';
import type { Config } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { HandedClock } from '../domain/clock.ts';
import { NewsReads } from '../news/reads.ts';
import { CorrectionReads } from '../corrections/reads.ts';
import { LiveReads } from '../live/reads.ts';
import { SearchService } from '../search/service.ts';
import { openStorage, type StorageSettings } from '../storage/open-storage.ts';
import type { StoredFragment } from '../cache/joined-page.ts';
import { fragmentInPieces, renderShared } from './fragments.ts';
import {
  inPieces,
  pageFrame,
  renderPage,
  type PageInPieces,
  type PageSite,
  type RenderedPage,
} from './page-render.ts';
import { loadWebDist } from './web-dist.ts';

// React's production build, as the site's own process runs it (main.ts).
process.env.NODE_ENV ??= 'production';

export interface RenderWorkerData {
  config: Config;
  distDir: string;
  storage: StorageSettings;
}

/** A page (a deleted article's when `gone`) or a shared part, read at `now` (the site's clock). */
export type RenderTask =
  | { kind: 'page'; url: string; gone: boolean; now: number }
  | { kind: 'article'; article: NewsDto; now: number }
  | { kind: 'shared'; slot: PageSlot; now: number };

const readsOnly = () => Promise.reject(new Error('the render worker reads and never writes'));

async function open({ config, distDir, storage }: RenderWorkerData) {
  const loaded = await loadWebDist(distDir);
  if ('missing' in loaded) throw new Error(`the web app is not built: ${loaded.missing}`);
  const db = await openDatabase({ ...config, readOnly: true });
  const media = openStorage(storage);
  const clock = new HandedClock();
  const site: PageSite = {
    renderer: loaded.dist.renderer,
    services: {
      categories: new CategoryService(db.kysely, readsOnly),
      news: new NewsReads(db.kysely, media, clock),
      search: new SearchService(db.kysely, media, clock),
      corrections: new CorrectionReads(db.kysely, clock),
      live: new LiveReads(db.kysely, (key) => media.url(key), clock),
    },
    frame: pageFrame(config, loaded.dist.template),
    publicUrl: config.publicUrl,
  };
  return { site, clock };
}

const opened = open(workerData as RenderWorkerData);
// Failing to open fails each task with the reason; nothing else is left unhandled.
opened.catch(() => undefined);

/**
 * A page comes back in its pieces and a shared part in its variants, compressed here rather than
 * on the site's thread; an article page for one request (a preview) comes back whole, to be marked.
 */
export default async function render(
  task: RenderTask,
): Promise<PageInPieces | RenderedPage | StoredFragment> {
  const { site, clock } = await opened;
  return clock.run(task.now, async () => {
    switch (task.kind) {
      case 'page':
        return inPieces(await renderPage(site, task.url, task.gone));
      case 'article':
        return renderPage(site, publicPaths.article(task.article.slug), false, task.article);
      case 'shared': {
        const { services, renderer, frame } = site;
        const shared = await renderShared(services, renderer, frame.timeZone, task.slot);
        return fragmentInPieces(shared, task.slot);
      }
    }
  });
}
