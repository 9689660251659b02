import fs from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/**
 * SITE_TIME_ZONE: checked at start, written into every page for the browser app to read, and
 * handed to the renderer, which writes readers' dates in it (the renderer's own test,
 * apps/web/test/public/site-time-zone.test.tsx, checks the dates).
 */
let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist, SITE_TIME_ZONE: 'America/New_York' });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

it('is Asia/Kolkata unless set, and refuses a zone the runtime does not know', () => {
  expect(loadConfig({}).siteTimeZone).toBe('Asia/Kolkata');
  expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' })).toThrow(ConfigError);
  expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' })).toThrow(
    'SITE_TIME_ZONE must be an IANA time zone such as Asia/Kolkata',
  );
});

it('reaches the browser app in the head of public pages and of the app shell', async () => {
  const meta = '<meta name="site-time-zone" content="America/New_York" />';
  for (const url of ['/', '/login']) {
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain(meta);
  }
});

it('is the zone the renderer writes readers’ dates in', async () => {
  for (const url of ['/', '/section/none']) {
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('<p>Zone: America/New_York</p>');
  }
});
