import {
  resolveSection,
  type AuthorPage,
  type CategoryDto,
  type CorrectionListItem,
  type LiveEntry,
  type LivePage,
  type NewsDto,
  type PublicReads,
  type SearchHitDto,
} from '@newsroom/contract';
import { ApiError, api } from '../../lib/api.ts';

/**
 * The public reads over HTTP, as the browser makes them: the same answers the page host gives
 * the server renderer by calling its services. Reading an article this way counts a view.
 */
export const httpReads: PublicReads = {
  async categories() {
    return (await api<CategoryDto[]>('/u/category-list')).data;
  },
  async section(categorySegment, subcategorySegment) {
    return resolveSection(await this.categories(), categorySegment, subcategorySegment);
  },
  async newsPage({ category, subcategory, page, limit }) {
    const envelope = await api<NewsDto[]>('/u/get', {
      query: { category, subcategory, page, limit },
    });
    return { data: envelope.data, count: envelope.count ?? envelope.data.length };
  },
  async article(slug) {
    try {
      return (await api<NewsDto[]>(`/u/news/${encodeURIComponent(slug)}`)).data[0] ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  async author({ slug, page, limit }) {
    try {
      const envelope = await api<AuthorPage>(`/u/author/${encodeURIComponent(slug)}`, {
        query: { page, limit },
      });
      return { ...envelope.data, count: envelope.count ?? envelope.data.news.length };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  async corrections({ page, limit }) {
    const envelope = await api<CorrectionListItem[]>('/u/corrections', { query: { page, limit } });
    return { data: envelope.data, count: envelope.count ?? envelope.data.length };
  },
  async live({ slug, before, from, limit }) {
    try {
      const envelope = await api<LiveEntry[]>(`/u/news/${encodeURIComponent(slug)}/live`, {
        query: { before, from, limit },
      });
      const extras = envelope as unknown as Omit<LivePage, 'data'>;
      return { ...extras, data: envelope.data };
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw error;
    }
  },
  async search({ q, page, limit }) {
    const envelope = await api<SearchHitDto[]>('/u/search', { query: { q, page, limit } });
    return { data: envelope.data, count: envelope.count ?? envelope.data.length };
  },
};
