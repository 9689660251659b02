import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import type { Renderer } from '@newsroom/contract';

/** The built web app: where its browser assets are, its page template and its renderer. */
export interface WebDist {
  clientDir: string;
  template: string;
  renderer: Renderer;
}

const moduleDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The web app's dist folder: WEB_DIST when set, else apps/web/dist found from this file
 * (apps/server/dist/main.js once built, apps/server/src/pages/ under tsx).
 */
export function locateWebDist(configured: string | undefined): string {
  if (configured) return path.resolve(configured);
  const built = path.resolve(moduleDir, '../../web/dist');
  const source = path.resolve(moduleDir, '../../../web/dist');
  return existsSync(path.join(built, 'client')) || !existsSync(path.join(source, 'client'))
    ? built
    : source;
}

function isRenderer(value: unknown): value is Renderer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { render?: unknown }).render === 'function' &&
    typeof (value as { renderFragment?: unknown }).renderFragment === 'function'
  );
}

/** Loads the built app, or returns null (with the reason) when it has not been built. */
export async function loadWebDist(
  distDir: string,
): Promise<{ dist: WebDist } | { missing: string }> {
  const clientDir = path.join(distDir, 'client');
  const templateFile = path.join(clientDir, 'index.html');
  const rendererFile = path.join(distDir, 'server', 'entry-server.js');
  if (!existsSync(templateFile)) return { missing: templateFile };
  if (!existsSync(rendererFile)) return { missing: rendererFile };
  const template = await fs.readFile(templateFile, 'utf8');
  const renderer: unknown = await import(pathToFileURL(rendererFile).href);
  if (!isRenderer(renderer))
    throw new Error(`${rendererFile} does not export render() and renderFragment()`);
  return { dist: { clientDir, template, renderer } };
}
