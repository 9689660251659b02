import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ApiEnvelope, CategoryDto, LoginData, NewsDto } from '@newsroom/contract';

const admin = {
  email: `e2e-public-${process.pid}@example.com`,
  password: 'e2e-public-password-1',
};
let token: Promise<string> | null = null;

/** A token younger than this is used again (an access token lasts 15 minutes). */
const TOKEN_REUSE_MS = 10 * 60_000;

/**
 * An access token of an admin made for these tests with the CLI (no e-mail step). Kept in the
 * run's data folder, so a worker restarted after a failure does not sign in again: the site lets
 * one address sign in 20 times in 15 minutes, and the whole run comes from one address.
 */
export function adminToken(request: APIRequestContext): Promise<string> {
  token ??= (async () => {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run through playwright.config.ts');
    const file = path.join(dataDir, 'e2e-public-admin-token.json');
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { token: string; at: number };
      if (Date.now() - kept.at < TOKEN_REUSE_MS) return kept.token;
    } catch {
      // None kept yet: make the admin and sign in.
    }
    execFileSync(
      process.execPath,
      [
        'apps/server/dist/cli/admin-create.js',
        '--email',
        admin.email,
        '--password',
        admin.password,
      ],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, stdio: 'pipe' },
    );
    const response = await request.post('/api/v1/auth/login', { data: admin });
    expect(response.status()).toBe(200);
    const accessToken = ((await response.json()) as ApiEnvelope<LoginData>).data.accessToken;
    writeFileSync(file, JSON.stringify({ token: accessToken, at: Date.now() }));
    return accessToken;
  })();
  return token;
}

/** Reads an /api/v1 JSON answer (as an admin when a token is given). */
export async function apiGet<T>(
  request: APIRequestContext,
  path: string,
  bearer?: string,
): Promise<ApiEnvelope<T>> {
  const response = await request.get(`/api/v1${path}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as ApiEnvelope<T>;
}

/** An article's view count, read through the admin API (which does not count a view). */
export async function viewsOf(request: APIRequestContext, id: string): Promise<number> {
  const bearer = await adminToken(request);
  const envelope = await apiGet<NewsDto | NewsDto[]>(request, `/news/get/${id}`, bearer);
  const article = Array.isArray(envelope.data) ? envelope.data[0] : envelope.data;
  if (!article) throw new Error(`No article ${id}`);
  return article.views;
}

/** The titles of the first page of the public list for a filter, as the API gives them. */
export async function firstPageTitles(
  request: APIRequestContext,
  filter: { category?: string; subcategory?: string } = {},
): Promise<string[]> {
  const query = new URLSearchParams({ page: '1', limit: '6', ...filter });
  const envelope = await apiGet<NewsDto[]>(request, `/u/get?${query.toString()}`);
  return envelope.data.map((article) => article.title);
}

/** The titles of the news items shown on the page. */
export async function shownTitles(page: Page): Promise<string[]> {
  return page.getByTestId('news-item').getByRole('heading').allInnerTexts();
}

/** Console errors and uncaught exceptions of a page, collected for a final check. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Text as React writes it into HTML. */
export function asHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}

/**
 * Opens a page and waits until its script has run. A page with a main picture starts its script
 * once the picture is shown (decision 075), which may be after the load event `goto` waits for;
 * until then its buttons (the menu) do nothing.
 */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
}

/** A photo-like 1600×900 JPEG: smooth colour under fine grain. */
async function photo(): Promise<Buffer> {
  const [width, height] = [1600, 900];
  const pixels = Buffer.alloc(width * height * 3);
  for (let at = 0; at < pixels.length; at += 3) {
    const x = (at / 3) % width;
    const grain = (at * 7919) % 23;
    pixels[at] = ((x / width) * 200 + grain) | 0;
    pixels[at + 1] = 90 + grain;
    pixels[at + 2] = 160 - grain;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

/** An article with a freshly uploaded cover, created through the admin API. */
export async function articleWithPhoto(
  request: APIRequestContext,
  bearer: string,
): Promise<NewsDto> {
  const [category] = (await apiGet<CategoryDto[]>(request, '/u/category-list')).data;
  const [publisher] = (await apiGet<{ _id: string }[]>(request, '/publisher/get', bearer)).data;
  const response = await request.post('/api/v1/news/create', {
    headers: { authorization: `Bearer ${bearer}` },
    multipart: {
      title: 'A harbour at dawn, photographed for the variants test',
      slug: `harbour-at-dawn-${Date.now()}`,
      metaDescription: 'A cover uploaded as a JPEG and shown as AVIF or WebP.',
      description: `<p>${'The harbour wakes slowly as the boats come in. '.repeat(8)}</p>`,
      alt: 'A harbour at dawn',
      tags: 'harbour',
      status: 'true',
      categoryId: category?._id ?? '',
      publisherId: publisher?._id ?? '',
      image: { name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await photo() },
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiEnvelope<NewsDto>).data;
}
