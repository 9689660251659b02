import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNews, createTaxonomy } from './factories.ts';
import { adminAuth, setUpActor } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { fakeDist, renders } from './web-dist.ts';

describe('page host with a built web app', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = await fakeDist();
    t = await createTestApp({ WEB_DIST: dist });
    await t.app.services.categories.create({ name: 'Politics' }, await setUpActor(t.app));
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('renders a public page with data read from the services, not through HTTP or inject', async () => {
    // Every render reads by calling the services: no request is made of the app (inject) or
    // over the network (fetch) on the way, for a list page or an article page.
    const headers = await adminAuth(t.app);
    const taxonomy = await createTaxonomy(t.app, headers, { category: 'Economy' });
    const story = await createNews(
      { app: t.app, headers, taxonomy },
      { title: 'Budget passes its first reading' },
    );
    const inject = vi.spyOn(t.app, 'inject');
    const fetch = vi.spyOn(globalThis, 'fetch');
    try {
      const before = renders();
      const home = t.app.inject({ method: 'GET', url: '/?no=inject' });
      const article = t.app.inject({ method: 'GET', url: `/news/${story.slug}` });
      const [homePage, articlePage] = await Promise.all([home, article]);
      expect(renders() - before).toBe(2);
      expect(homePage.body).toContain('<li>Budget passes its first reading</li>');
      expect(articlePage.body).toContain('<h1>Budget passes its first reading</h1>');
      // The two requests of this test are the only ones the app was asked.
      expect(inject).toHaveBeenCalledTimes(2);
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      inject.mockRestore();
      fetch.mockRestore();
    }
  });

  it('renders a public page with the head and state the renderer gives', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, private');
    expect(response.body).toMatch(/<main>Categories: Politics(, Economy)?<\/main>/);
    expect(response.body).toContain('<link rel="canonical" href="http://news.test/">');
    expect(response.body).toContain('<script id="app-state" type="application/json">{}</script>');
    expect(response.body).not.toContain('<!--app-');
  });

  it('answers with the status the renderer gives (404 for unknown pages)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Categories: Politics');
  });

  it('follows the renderer’s redirects', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/old' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/');
  });

  it('compresses pages in gzip for clients that accept it (pieces join in gzip, not brotli)', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('sends the empty app shell to sign-in paths without rendering', async () => {
    const before = renders();
    for (const url of ['/login', '/register', '/admin/register', '/verify-account']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<div id="root"></div>');
    }
    expect(renders()).toBe(before);
  });

  it('sends the app shell to a signed-in admin, and a public page to anyone else', async () => {
    await t.app.services.registration.createAdmin({
      name: 'Host Admin',
      email: 'host-admin@example.com',
      password: 'host-password-1',
      verified: true,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'host-admin@example.com', password: 'host-password-1' },
    });
    expect(login.statusCode).toBe(200);
    const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));

    const admin = await t.app.inject({ method: 'GET', url: '/missing', cookies });
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('<div id="root"></div>');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/missing',
      cookies: { accessToken: 'not-a-token' },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('serves hashed assets for a year, precompressed when accepted', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('serves top-level files but never the raw template', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    const index = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(index.body).not.toContain('<!--app-html-->');
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain(
      'User-agent: *',
    );
  });

  it('leaves unknown API and media paths to their own 404s', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, data: null });
    const media = await t.app.inject({ method: 'GET', url: '/uploads/no-such.jpg' });
    expect(media.statusCode).toBe(404);
    expect(media.headers['content-type']).toContain('application/json');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/no-such.js' });
    expect(asset.statusCode).toBe(404);
  });
});

describe('page host without a built web app', () => {
  let t: TestApp;
  let empty: string;

  beforeAll(async () => {
    empty = await fs.mkdtemp(path.join(os.tmpdir(), 'newsroom-no-web-'));
    t = await createTestApp({ WEB_DIST: empty });
  });

  afterAll(async () => {
    await t.close();
    await fs.rm(empty, { recursive: true, force: true });
  });

  it('answers pages with 503 and tells how to build', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run build');
  });

  it('still serves the API', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/u/category-list' });
    expect(response.statusCode).toBe(200);
  });
});
