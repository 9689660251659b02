import type { Config } from '../config/env.ts';
import type { PageJob, RenderedPage } from './page-render.ts';

/**
 * What the site sends a render process: the site's configuration and built web app, then pages
 * to render, each with the instant the site's clock read when it was asked for.
 */
export type ToRenderProcess =
  | { type: 'open'; config: Config; distDir: string }
  | { type: 'render'; id: number; job: PageJob; now: number };

/** Its answers: ready once open, then each page rendered, or why the renderer failed on it. */
export type FromRenderProcess =
  | { type: 'ready' }
  | { type: 'rendered'; id: number; page: RenderedPage }
  | { type: 'failed'; id: number; reason: string };
