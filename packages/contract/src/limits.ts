/** Business constants from section 9 of the specification. */
export const PAGE_SIZE = {
  publicNews: 6,
  /** An author page's articles (`/u/author/{slug}`), as many as the home list's. */
  authorNews: 6,
  adminNews: 6,
  subCategories: 10,
  contacts: 10,
} as const;

/** Upper bound for any `limit` query parameter. */
export const MAX_PAGE_LIMIT = 100;

/** Fresh and keep times for client queries, in milliseconds. */
export const CACHE_MS = {
  categories: 10_000,
  admin: 20_000,
  public: 20_000,
  related: 2_000,
} as const;

export const QUERY_RETRIES = 3;

export const LIMITS = {
  imageBytes: 500 * 1024,
  /** Pixels of an upload (width × height): a larger picture costs too much to resize. */
  imagePixels: 40_000_000,
  imageTypes: ['image/jpeg', 'image/png', 'image/gif'] as const,
  imageExtensions: ['jpg', 'jpeg', 'png', 'gif'] as const,
  maxTags: 3,
  /** Authors of one article (decision 103). */
  maxAuthors: 10,
  /** The note of a stage move (decision 106). */
  deskNote: 1000,
  /** A person's profile (decision 104). */
  bio: { max: 500 },
  profileLinks: { max: 5, length: 300 },
  tagLength: 30,
  title: { min: 10, max: 100 },
  slug: { min: 5, max: 150 },
  description: { min: 200, max: 200_000 },
  metaDescription: { min: 10, max: 200 },
  alt: { min: 3, max: 50 },
  name: { max: 80 },
  personName: { min: 2, max: 80 },
  phone: { min: 10, max: 10 },
  message: { min: 3, max: 5000 },
  password: { min: 8, max: 200 },
  otpDigits: 6,
  searchQuery: { max: 200 },
} as const;

export const TRUNCATE = {
  tag: 10,
  tableText: 10,
  contactMessage: 30,
  dashboardTitle: 25,
  relatedTitle: 40,
  firstItemWords: 90,
  gridItemWords: 50,
  relatedWords: 20,
} as const;

/** Search ranks at most this many of the newest matching articles (docs/decisions/080). */
export const SEARCH_MAX_HITS = 1000;

/** What a search query is told when it is refused (the schema and the search page share them). */
export const SEARCH_MESSAGES = {
  empty: 'Enter words to search for',
  tooLong: `A search may be at most ${LIMITS.searchQuery.max} characters long`,
} as const;

/** What a publication time is told when it is refused (decision 085). */
export const PUBLISH_MESSAGES = {
  publishAt: 'publishAt must be a date and time with its offset, such as 2025-03-04T10:30:00+05:30',
} as const;

export const RELATED_NEWS_COUNT = 5;
export const READ_ALSO_COUNT = 4;
export const POPULAR_NEWS_COUNT = 10;
export const INFINITE_SCROLL_THRESHOLD_PX = 3;
export const PERSIST_TIMEOUT_MS = 5000;
export const DISPLAY_TIME_ZONE = 'Asia/Kolkata';
export const DISPLAY_LOCALE = 'en-US';
export const FOOTER_YEAR = 2025;
