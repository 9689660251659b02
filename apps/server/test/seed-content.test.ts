import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS, newsFieldsSchema } from '@newsroom/contract';
import { renderCover, type ImageStyle } from '../src/seed/images.ts';
import { planArticles } from '../src/seed/plan.ts';
import { CATEGORIES } from '../src/seed/taxonomy.ts';

const now = new Date('2025-06-01T12:00:00.000Z');
const plan = planArticles(now);
const active = plan.filter((p) => !p.article.inactive);

describe('demo content plan', () => {
  it('has the spec’s footer categories, each with two to four sub-categories', () => {
    const names = CATEGORIES.map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['Law & Justice', 'Astrology', 'Spiritual', 'Entertainment', 'Crime']),
    );
    for (const category of CATEGORIES) {
      expect(category.subcategories.length).toBeGreaterThanOrEqual(2);
      expect(category.subcategories.length).toBeLessThanOrEqual(4);
    }
  });

  it('has at least 44 active and a few inactive articles', () => {
    expect(active.length).toBeGreaterThanOrEqual(44);
    expect(plan.length - active.length).toBeGreaterThanOrEqual(2);
    expect(plan.length - active.length).toBeLessThanOrEqual(3);
  });

  it('files every article under a known category and one of its sub-categories', () => {
    const subsOf = new Map(CATEGORIES.map((c) => [c.name, [...c.subcategories, null]]));
    for (const { article } of plan) {
      expect(subsOf.get(article.category)).toContain(article.sub);
    }
    const used = new Set(plan.map((p) => p.article.category));
    expect(used.size).toBe(CATEGORIES.length);
  });

  it('gives every article fields the news form accepts, with unique slugs', () => {
    for (const p of plan) {
      const parsed = newsFieldsSchema.safeParse({
        title: p.article.title,
        slug: p.slug,
        description: p.description,
        metaDescription: p.article.summary,
        alt: p.article.alt,
        tags: p.article.tags,
        videoURL: p.videoURL,
        status: !p.article.inactive,
        categoryId: 'c',
        subCategoryId: null,
        publisherId: 'p',
        anchorId: null,
      });
      expect(parsed.error?.issues ?? [], p.article.title).toEqual([]);
      expect(p.withImage || p.videoURL !== '', p.article.title).toBe(true);
    }
    expect(new Set(plan.map((p) => p.slug)).size).toBe(plan.length);
  });

  it('varies description lengths from about 200 to about 2,500 characters', () => {
    const lengths = plan.map((p) => p.description.length);
    expect(Math.min(...lengths)).toBeGreaterThanOrEqual(LIMITS.description.min);
    expect(Math.min(...lengths)).toBeLessThan(450);
    expect(Math.max(...lengths)).toBeGreaterThan(1800);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(2700);
  });

  it('uses paragraphs, emphasis, lists and headings in the descriptions', () => {
    const all = plan.map((p) => p.description).join('');
    for (const tag of ['<p>', '<strong>', '<em>', '<ul>', '<li>', '<h2>', '<h3>', '<blockquote>']) {
      expect(all).toContain(tag);
    }
  });

  it('varies tag counts from none to three', () => {
    const counts = new Set(plan.map((p) => p.article.tags.length));
    expect([...counts].sort()).toEqual([0, 1, 2, 3]);
  });

  it('includes video-only articles and articles with both an image and a video', () => {
    const videoOnly = plan.filter((p) => !p.withImage);
    const both = plan.filter((p) => p.withImage && p.videoURL !== '');
    expect(videoOnly.length).toBeGreaterThanOrEqual(2);
    expect(both.length).toBeGreaterThanOrEqual(1);
    for (const p of [...videoOnly, ...both]) {
      expect(p.videoURL).toMatch(/^https:\/\/www\.youtube\.com\/embed\/[\w-]+$/);
    }
  });

  it('spreads creation dates over recent weeks, oldest first, none in the future', () => {
    const times = plan.map((p) => Date.parse(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - Math.min(...times)).toBeGreaterThan(21 * 24 * 3600_000);
    for (const p of plan)
      expect(Date.parse(p.updatedAt)).toBeGreaterThanOrEqual(Date.parse(p.createdAt));
  });

  it('varies view counts so the popular list has a clear order', () => {
    const views = active.map((p) => p.views).sort((a, b) => b - a);
    expect(new Set(views).size).toBeGreaterThan(active.length * 0.8);
    expect(views[0]).toBeGreaterThan(2000);
    expect(views.at(-1)).toBeLessThan(200);
  });

  it('is the same on every run', () => {
    expect(planArticles(now)).toEqual(plan);
  });
});

describe('demo cover images', () => {
  it('renders a 1200x675 JPEG well under the upload limit', async () => {
    const style: ImageStyle = { from: '#102030', to: '#405060', accent: '#ffcc00', motif: 'bars' };
    const bytes = await renderCover(style, 'some-slug');
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 675 });
    expect(bytes.length).toBeLessThan(LIMITS.imageBytes / 2);
  });

  it('renders every category’s motif', async () => {
    const sizes = await Promise.all(CATEGORIES.map((c) => renderCover(c.style, c.name)));
    for (const bytes of sizes) expect(bytes.length).toBeGreaterThan(5_000);
  });
});
