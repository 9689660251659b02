import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on its own port and data folder, seeded with the demo content.
const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'newsroom-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_SIGNUP_CODE = 'e2e-signup-code';
/** A front end of another origin, allowed in by CORS_ORIGINS (e2e/public/other-origin.spec.ts). */
const frontPort = port + 1;
process.env.E2E_FRONT_ORIGIN = `http://127.0.0.1:${frontPort}`;
/** The mail the site sends goes over SMTP to e2e/mail-catcher.mjs, which the tests read. */
const smtpPort = port + 2;
const mailPort = port + 3;
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailPort}`;
/**
 * With REDIS_URL set, the run's servers share that Redis as several instances of a site do, under
 * a prefix of their own, so runs and other sites on the same Redis never meet (e2e/admin/live.spec.ts
 * starts a second instance on it). Without it, each server keeps its shared state to itself.
 */
const redis: Record<string, string> = process.env.REDIS_URL
  ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `e2e-${path.basename(dataDir)}:` }
  : {};
if (redis.REDIS_PREFIX) process.env.E2E_REDIS_PREFIX = redis.REDIS_PREFIX;
/** The server is started as `npm run serve` starts it, with the same Node flags (decision 087). */
const serve = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } })
  .scripts.serve;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node e2e/mail-catcher.mjs',
      url: `http://127.0.0.1:${mailPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_PORT: String(mailPort) },
    },
    {
      command: serve,
      url: `http://127.0.0.1:${port}/-/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: '1',
        ADMIN_SIGNUP_CODE: 'e2e-signup-code',
        CORS_ORIGINS: `http://127.0.0.1:${frontPort}`,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'warn',
        ...redis,
        // Webhook endpoints of the browser tests listen on 127.0.0.1 (e2e/admin/webhooks.spec.ts).
        ALLOW_PRIVATE_WEBHOOKS: '1',
      },
    },
  ],
});
