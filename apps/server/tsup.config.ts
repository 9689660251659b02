import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    'cli/admin-create': 'src/cli/admin-create.ts',
    // Forked by media/variant-process.ts, which finds it beside the code that forks it.
    'variant-worker': 'src/media/variant-worker.ts',
    // Run in worker threads by pages/render-pool.ts, likewise.
    'render-worker': 'src/pages/render-worker.ts',
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
