import type { NewsDto } from '@newsroom/contract';
import { toNewsCard, type NewsCardData } from '../../src/public/api/news-card.ts';

let sequence = 0;

/** Words "w1 w2 … wN", to count what a truncation kept. */
export function words(count: number, prefix = 'w'): string {
  return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`).join(' ');
}

/** A public news item as the API reads it; override what a test is about. */
export function createNews(overrides: Partial<NewsDto> = {}): NewsDto {
  sequence += 1;
  return {
    _id: `news-${sequence}`,
    title: `Article number ${sequence} about the city`,
    slug: `article-number-${sequence}`,
    metaDescription: 'A short summary of the article.',
    description: `<p>${words(120)}</p>`,
    tags: ['politics,elections'],
    categoryId: 'cat-1',
    subCategoryId: null,
    publisherId: 'pub-1',
    anchorId: null,
    category: { _id: 'cat-1', name: 'Politics' },
    subcategory: null,
    publisher: { _id: 'pub-1', name: 'Daily Meridian' },
    anchor: null,
    Image: { ImageURL: `/uploads/news/${sequence}.jpg` },
    alt: 'A picture of the city',
    videoURL: '',
    draft: false,
    publishAt: '2025-03-04T05:00:00.000Z',
    status: true,
    views: 0,
    createdAt: '2025-03-04T05:00:00.000Z',
    updatedAt: '2025-03-04T05:00:00.000Z',
    authors: [{ _id: 'staff-1', name: 'Asha Rao', slug: 'asha-rao' }],
    live: false,
    liveEndedAt: null,
    ...overrides,
  };
}

/** A news card's data, as a list page keeps it, of an article made by `createNews`. */
export function createNewsCard(overrides: Partial<NewsDto> = {}): NewsCardData {
  return toNewsCard(createNews(overrides));
}
