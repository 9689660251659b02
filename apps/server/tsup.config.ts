import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'cli/admin-create': 'src/cli/admin-create.ts',
    // Forked by news/variant-process.ts, which finds it beside the code that forks it.
    'variant-worker': 'src/news/variant-worker.ts',
    // Forked by web/render-process.ts, likewise.
    'render-worker': 'src/web/render-worker.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contract package ships TypeScript source, so it is bundled; everything else stays external.
  noExternal: ['@newsroom/contract'],
});
