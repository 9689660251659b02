/**
 * A render process (forked by render-process.ts): opens an app of its own on the site's
 * database (read-only, app.ts's `renderer` role) and the built web app, then renders the pages it
 * is sent, several at a time, each read by the site's clock at the moment it was asked for. It
 * ends when the site disconnects (decision 079).
 */
import { buildApp } from '../app.ts';
import { HandedClock } from '../domain/clock.ts';
import { loggerOptions } from '../logger.ts';
import {
  pageFrame,
  renderPage,
  withCompressedForms,
  type PageJob,
  type RenderedPage,
} from './page-render.ts';
import type { FromRenderProcess, ToRenderProcess } from './render-protocol.ts';
import { injectTransport } from './transport.ts';
import { loadWebDist } from './web-dist.ts';

// React's production build, as the site's own process runs it (main.ts).
process.env.NODE_ENV ??= 'production';

interface Opened {
  render(job: PageJob, now: number): Promise<RenderedPage>;
  close(): Promise<void>;
}

let opened: Promise<Opened> | undefined;

async function open(message: Extract<ToRenderProcess, { type: 'open' }>): Promise<Opened> {
  const { config, distDir } = message;
  const loaded = await loadWebDist(distDir);
  if ('missing' in loaded) throw new Error(`the web app is not built: ${loaded.missing}`);
  const clock = new HandedClock();
  const app = await buildApp(config, {
    role: 'renderer',
    clock,
    logger: loggerOptions(config.logLevel, process.stdout.isTTY === true),
  });
  const fetch = injectTransport(app);
  const { renderer, template } = loaded.dist;
  const site = { frame: pageFrame(config, template), publicUrl: config.publicUrl };
  return {
    // A page to keep is compressed here too, off the site's thread pool and event loop.
    render: async (job, now) =>
      withCompressedForms(await clock.run(now, () => renderPage(renderer, fetch, site, job)), job),
    close: () => app.close(),
  };
}

function send(message: FromRenderProcess) {
  process.send?.(message);
}

async function render(message: Extract<ToRenderProcess, { type: 'render' }>) {
  try {
    if (!opened) throw new Error('the render process was not opened');
    const page = await (await opened).render(message.job, message.now);
    send({ type: 'rendered', id: message.id, page });
  } catch (error) {
    const reason = error instanceof Error ? (error.stack ?? error.message) : String(error);
    send({ type: 'failed', id: message.id, reason });
  }
}

process.on('message', (message: ToRenderProcess) => {
  if (message.type === 'open') {
    opened ??= open(message);
    opened.then(
      () => send({ type: 'ready' }),
      (error: unknown) => {
        process.stderr.write(`The render process could not start: ${String(error)}\n`);
        process.exit(1);
      },
    );
  } else if (message.type === 'render') {
    void render(message);
  }
});

// The site has gone (closed, or ended without closing): close the database and end.
process.on('disconnect', () => {
  const closing = opened ? opened.then((app) => app.close()) : Promise.resolve();
  closing.then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
