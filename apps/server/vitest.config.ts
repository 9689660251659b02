import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Builds the web app when its build is missing or stale: the page tests render with it.
    globalSetup: ['test/setup/web-build.ts'],
  },
});
