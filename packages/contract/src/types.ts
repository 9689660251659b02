/** The envelope of every /api/v1 response. */
export interface ApiEnvelope<T> {
  statusCode: number;
  data: T;
  message: string;
  count?: number;
  /** On errors: what went wrong, for programs (`NOT_FOUND`, `SLUG_TAKEN`, …); see docs/decisions/064. */
  code?: string;
  errors?: FieldError[];
}

export interface FieldError {
  path: string;
  message: string;
}

export interface Ref {
  _id: string;
  name: string;
}

export interface CategoryDto extends Ref {
  subcategory: Ref[];
  createdAt: string;
  updatedAt: string;
}

export interface SubCategoryDto extends Ref {
  categoryId: string;
  category: Ref | null;
  createdAt: string;
  updatedAt: string;
}

export interface PersonDto extends Ref {
  createdAt: string;
  updatedAt: string;
}

export interface NewsDto {
  _id: string;
  title: string;
  slug: string;
  metaDescription: string;
  description: string;
  /** Spec §3: `["alpha,beta,gamma"]` (or `[]`); `tagList` turns it into a plain list. */
  tags: string[];
  categoryId: string;
  subCategoryId: string | null;
  publisherId: string;
  anchorId: string | null;
  category: Ref | null;
  subcategory: Ref | null;
  publisher: Ref | null;
  anchor: Ref | null;
  Image: { ImageURL: string } | null;
  alt: string;
  videoURL: string;
  status: boolean;
  /** Saved without being published: never public, whatever `status` says (decision 085). */
  draft: boolean;
  /** When it is (or was) published, null for a draft; later than now while it is scheduled. */
  publishAt: string | null;
  views: number;
  /** The publication time, as `publishAt` (or when a draft was saved). */
  createdAt: string;
  updatedAt: string;
}

/**
 * A search result (`GET /u/search`): the public read shape plus `snippet`, a short plain-text
 * excerpt around the match, HTML-escaped, with the matched words wrapped in `<mark>…</mark>`.
 */
export interface SearchHitDto extends NewsDto {
  snippet: string;
}

/**
 * A row of the admin news table (`GET /news/get`): spec §3 gives the names of the category,
 * sub-category, publisher and anchor as text there ('' when there is none); the ids stay beside.
 */
export interface AdminNewsRow extends Omit<
  NewsDto,
  'category' | 'subcategory' | 'publisher' | 'anchor'
> {
  category: string;
  subcategory: string;
  publisher: string;
  anchor: string;
}

/** `GET /news/get`: the spec's other reading, "admin news list returns data and count". */
export interface AdminNewsPage {
  data: AdminNewsRow[];
  count: number;
}

export interface ContactDto {
  _id: string;
  fullName: string;
  email: string;
  phone: string;
  message: string;
  createdAt: string;
}

export interface DashboardCards {
  totalNews: number;
  totalPublishers: number;
  totalAnchors: number;
  totalViews: number;
}

export interface PopularNewsDto {
  _id: string;
  title: string;
  slug: string;
  category: { name: string } | null;
  publisher: { name: string } | null;
  views: number;
  updatedAt: string;
}

export interface LoginData {
  role: 'admin';
  email: string;
  accessToken: string;
  refreshToken: string;
}
