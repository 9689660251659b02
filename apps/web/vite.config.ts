import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

// `vite build` makes the browser bundle in dist/client; `vite build --ssr` the renderer in dist/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [contractHasNoSideEffects(), react(), tailwindcss()],
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
