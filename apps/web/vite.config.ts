import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `vite build` makes the browser bundle in dist/client; `vite build --ssr` the renderer in dist/server.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? { outDir: 'dist/server', ssr: 'src/entry-server.tsx', emptyOutDir: true }
    : { outDir: 'dist/client', manifest: true, emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
