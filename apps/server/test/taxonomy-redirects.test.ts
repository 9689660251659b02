import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaxonomy, type AuthHeaders } from './factories.ts';
import { adminAuth } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { fakeDist } from './web-dist.ts';

/** Renamed and moved categories and sub-categories keep their old URLs working (decision 084). */
let t: TestApp;
let dist: string;
let headers: AuthHeaders;

beforeAll(async () => {
  dist = await fakeDist();
  t = await createTestApp({ WEB_DIST: dist });
  headers = await adminAuth(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });
const location = async (url: string) => (await page(url)).headers.location;

async function write(method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await call(t.app, { method, url: `/api/v1${url}`, headers, payload });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as { _id: string };
}
const renameCategory = (id: string, name: string) =>
  write('PUT', `/category/update/${id}`, { name });
const moveSub = (id: string, name: string, categoryId: string) =>
  write('PUT', `/subCategory/update/${id}`, { name, categoryId });

describe('a renamed category', () => {
  it('redirects its old list page, what lies under it and its sub-category pages', async () => {
    const desk = await createTaxonomy(t.app, headers, {
      category: 'Law & Justice',
      subcategory: 'High Courts',
    });
    await renameCategory(desk.categoryId, 'Courts and Law');
    const moved = await page('/law-justice?page=2');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/courts-and-law?page=2');
    expect(await location('/Law%20%26%20Justice')).toBe('/courts-and-law');
    expect(await location('/law-justice/high-courts')).toBe('/courts-and-law/high-courts');
    expect(await location('/law-justice/rss.xml')).toBe('/courts-and-law/rss.xml');
    expect(await location('/law-justice/high-courts/rss.xml')).toBe(
      '/courts-and-law/high-courts/rss.xml',
    );
    expect((await page('/courts-and-law/high-courts')).statusCode).toBe(200);
  });

  it('sends every former name straight to the current one', async () => {
    const desk = await createTaxonomy(t.app, headers, { category: 'Weather' });
    await renameCategory(desk.categoryId, 'Climate');
    await renameCategory(desk.categoryId, 'Climate Desk');
    expect(await location('/weather')).toBe('/climate-desk');
    expect(await location('/climate')).toBe('/climate-desk');
  });

  it('gives its old name up to a category that takes it, and back to itself', async () => {
    const desk = await createTaxonomy(t.app, headers, { category: 'Gadgets' });
    await renameCategory(desk.categoryId, 'Devices');
    expect(await location('/gadgets')).toBe('/devices');
    await renameCategory(desk.categoryId, 'Gadgets');
    expect((await page('/gadgets')).statusCode).toBe(200);
    expect(await location('/devices')).toBe('/gadgets');
    await renameCategory(desk.categoryId, 'Hardware');
    await createTaxonomy(t.app, headers, { category: 'Devices' });
    expect((await page('/devices')).statusCode).toBe(200);
    expect(await location('/gadgets')).toBe('/hardware');
  });

  it('stops redirecting when it is deleted', async () => {
    const created = await write('POST', '/category/create', { name: 'Short Lived' });
    await renameCategory(created._id, 'Shorter Lived');
    expect(await location('/short-lived')).toBe('/shorter-lived');
    await write('DELETE', `/category/delete/${created._id}`);
    expect((await page('/short-lived')).statusCode).toBe(404);
    expect((await page('/shorter-lived')).statusCode).toBe(404);
  });
});

describe('a renamed or moved sub-category', () => {
  it('redirects its old page, under the old category name too, in one step', async () => {
    const desk = await createTaxonomy(t.app, headers, { category: 'Metro', subcategory: 'Roads' });
    await moveSub(desk.subCategoryId, 'Traffic', desk.categoryId);
    expect(await location('/metro/roads')).toBe('/metro/traffic');
    await renameCategory(desk.categoryId, 'City');
    expect(await location('/metro/roads?x=1')).toBe('/city/traffic?x=1');
    expect(await location('/city/roads/rss.xml')).toBe('/city/traffic/rss.xml');
  });

  it('redirects to its new parent category', async () => {
    const from = await createTaxonomy(t.app, headers, { category: 'Crime', subcategory: 'Cyber' });
    const to = await createTaxonomy(t.app, headers, { category: 'Technology' });
    await moveSub(from.subCategoryId, 'Cyber', to.categoryId);
    expect(await location('/crime/cyber')).toBe('/technology/cyber');
    await moveSub(from.subCategoryId, 'Cyber', from.categoryId);
    expect((await page('/crime/cyber')).statusCode).toBe(200);
    expect(await location('/technology/cyber')).toBe('/crime/cyber');
  });

  it('stops redirecting when it is deleted', async () => {
    const desk = await createTaxonomy(t.app, headers, { category: 'Arts', subcategory: 'Music' });
    await moveSub(desk.subCategoryId, 'Concerts', desk.categoryId);
    expect(await location('/arts/music')).toBe('/arts/concerts');
    await write('DELETE', `/subCategory/delete/${desk.subCategoryId}`);
    expect((await page('/arts/music')).statusCode).toBe(404);
  });
});

describe('paths that never had another name', () => {
  it('stay 404', async () => {
    await createTaxonomy(t.app, headers, { category: 'Science', subcategory: 'Space' });
    expect((await page('/no-such-desk')).statusCode).toBe(404);
    expect((await page('/science/no-such-sub')).statusCode).toBe(404);
    expect((await page('/science/space/extra')).statusCode).toBe(404);
  });
});
