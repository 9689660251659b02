import type { CategoryDto, NewsDto } from '@newsroom/contract';
import { createNews, words } from '../factories.ts';

/** Categories with sub-categories, none and a name that needs escaping. */
export const categories: CategoryDto[] = [
  {
    _id: 'cat-1',
    name: 'Politics',
    subcategory: [
      { _id: 'sub-1', name: 'Elections' },
      { _id: 'sub-2', name: 'Parliament' },
    ],
    createdAt: '1999-01-02T03:04:05.000Z',
    updatedAt: '1999-06-07T08:09:10.000Z',
  },
  {
    _id: 'cat-2',
    name: 'Sports',
    subcategory: [],
    createdAt: '1999-01-02T03:04:05.000Z',
    updatedAt: '1999-06-07T08:09:10.000Z',
  },
  {
    _id: 'cat-3',
    name: 'Law & Justice',
    subcategory: [{ _id: 'sub-3', name: 'Courts' }],
    createdAt: '1999-01-02T03:04:05.000Z',
    updatedAt: '1999-06-07T08:09:10.000Z',
  },
];

/**
 * The newest articles: a picture with variants, one stored without them and a video only; dates
 * near midnight in Asia/Kolkata and a title that needs escaping.
 */
export const newest: NewsDto[] = [
  createNews({
    _id: 'n-1',
    slug: 'harbour-reopens',
    title: 'Harbour reopens & ferries <return>',
    Image: { ImageURL: '/uploads/news/ab12-800x450.jpg' },
    updatedAt: '2025-03-04T18:45:00.000Z',
    description: `<p>${words(60, 'harbour')}</p>`,
  }),
  createNews({
    _id: 'n-2',
    slug: 'bridge-vote',
    title: 'A long title about the vote on the new bridge across the river',
    Image: { ImageURL: '/uploads/news/legacy.jpg' },
    updatedAt: '2025-03-04T18:15:00.000Z',
    description: `<p><strong>Bold</strong> ${words(60, 'bridge')}</p>`,
  }),
  createNews({
    _id: 'n-3',
    slug: 'match-report',
    title: 'Match report',
    Image: null,
    videoURL: 'https://www.youtube.com/watch?v=abc',
    updatedAt: '2024-11-03T05:30:00.000Z',
    description: `<p>${words(10, 'match')}</p>`,
  }),
];
