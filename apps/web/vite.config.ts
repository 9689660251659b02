import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, transformWithEsbuild, type Plugin } from 'vite';

/**
 * The contract package is pure (constants, helpers and zod schemas), so a page that needs one
 * text helper does not carry every schema (and zod) with it.
 */
function contractHasNoSideEffects(): Plugin {
  return {
    name: 'contract-has-no-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '@newsroom/contract' && !importer?.includes('/packages/contract/src/')) {
        return null;
      }
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id.includes('/packages/contract/src/')
        ? { ...resolved, moduleSideEffects: false }
        : resolved;
    },
  };
}

/**
 * Writes .br and .gz beside each text asset of the browser build, so the server sends them
 * compressed without compressing on every request.
 */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir, 'assets');
    },
    async closeBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const name of await readdir(outDir)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(outDir, name);
        const content = await readFile(file);
        if (content.length < 1024) continue;
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

/**
 * Orders a first visit's downloads: the entry's stylesheet goes inside index.html, so the first
 * paint waits for no second request (sent compressed with the page), and the entry script is
 * started by a small deferred script (src/start-after-paint.ts, built here on its own) once the
 * page shows its main picture. The entry stays index.html's module script for Vite's manifest
 * (and the bundle check), only its tag changes. Lazily loaded chunks (the admin's editor) keep
 * their own stylesheet files.
 */
function shapeFirstLoad(): Plugin {
  let starter = '';
  return {
    name: 'shape-first-load',
    apply: 'build',
    async buildStart() {
      if (this.environment.config.consumer !== 'client') return;
      const file = path.resolve(this.environment.config.root, 'src/start-after-paint.ts');
      const { code } = await transformWithEsbuild(await readFile(file, 'utf8'), file, {
        format: 'iife',
        minify: true,
        target: 'es2020',
      });
      starter = `assets/start-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: starter, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const link = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
        const entryScript =
          /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
        return html
          .replace(entryScript, (_tag, entry: string) =>
            starter ? `<script defer src="/${starter}" data-entry="${entry}"></script>` : _tag,
          )
          .replace(link, (tag, file: string) => {
            const asset = bundle?.[file];
            if (asset?.type !== 'asset') return tag;
            const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source);
            return `<style>${css.toString()}</style>`;
          });
      },
    },
  };
}

/**
 * Writes .vite/chunk-modules.json beside the manifest: the source modules each chunk carries.
 * The manifest names chunks only; the bundle check (scripts/check-bundle.mjs) needs to know
 * which modules a public page loads.
 */
function listChunkModules(): Plugin {
  return {
    name: 'list-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (this.environment.config.consumer !== 'client') return;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, info]) => info.renderedLength > 0)
          .map(([id]) => path.relative(this.environment.config.root, id.replace(/\0/g, '')));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

// `vite build` makes the browser bundle in dist/client; `vite build --ssr` the renderer in dist/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    contractHasNoSideEffects(),
    react(),
    tailwindcss(),
    precompressAssets(),
    listChunkModules(),
    shapeFirstLoad(),
  ],
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        ssr: true,
        rollupOptions: { input: 'src/entry-server.tsx' },
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : { outDir: 'dist/client', manifest: true, emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
