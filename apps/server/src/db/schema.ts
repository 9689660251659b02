import type { Generated } from 'kysely';

/** Row types of every table, as Kysely sees them on both SQLite and PostgreSQL. */

/** ISO-8601 UTC timestamps with milliseconds, stored as text so both databases sort them alike. */
export type Timestamp = string;

export interface CategoryTable {
  id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SubCategoryTable {
  id: string;
  name: string;
  category_id: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Anchors and publishers share one shape. */
export interface PersonTable {
  id: string;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface NewsTable {
  id: string;
  title: string;
  slug: string;
  meta_description: string;
  description: string;
  /** The description's plain text, for search (news/body-text.ts); kept by every write. */
  body_text: string;
  /** JSON array of strings. */
  tags: string;
  category_id: string;
  sub_category_id: string | null;
  publisher_id: string;
  anchor_id: string | null;
  image_key: string | null;
  alt: string;
  video_url: string;
  /** 1 active, 0 inactive (the spec's status); public only when published too (db/news-visibility.ts). */
  status: number;
  /** 1 while saved as a draft: never public, whatever the status (decision 085). */
  draft: Generated<number>;
  views: number;
  /** The publication time: when it was written, or the time it is scheduled for (decision 085). */
  created_at: Timestamp;
  updated_at: Timestamp;
  /**
   * Where a draft (draft = 1) stands on the desk: draft, in_review, ready or unpublished; null
   * while scheduled or published, which `created_at` says (decision 106).
   */
  stage: string | null;
  /** Grows by one with every save (decision 107). */
  version: Generated<number>;
  /** The staff id of the last person who saved it; null for seeding and older saves. */
  updated_by: string | null;
  /** The one person it is assigned to (a staff id), and when it is due. */
  assignee_id: string | null;
  due_at: string | null;
  /** 1 for a live page (decision 115). */
  live: Generated<number>;
  /** When its coverage ended; null while it goes on. */
  live_ended_at: Timestamp | null;
  /** The sequence of its last live change (entry written, edited, deleted; coverage ended). */
  live_seq: Generated<number>;
}

/**
 * Figures of the news table kept exact by database triggers (decision 073), one row per scope and
 * key: ('all', ''), one scope per combination of the /u/get filters ('category', 'category+anchor',
 * …; the key is their ids joined by '/') and ('month', 'YYYY-MM' of created_at).
 */
export interface NewsCountsTable {
  scope: string;
  key: string;
  active_count: number;
  all_count: number;
  /** Total views; kept on the 'all' row only. */
  views: number;
  /** The last write that touched the scope's articles (views aside), as an ISO timestamp. */
  changed_at: Timestamp | null;
}

export interface ContactTable {
  id: string;
  full_name: string;
  email: string;
  phone: string;
  message: string;
  created_at: Timestamp;
}

export interface AdminTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  /** One of the contract's ROLES (decision 099). */
  role: string;
  /** 1 once the e-mailed code was confirmed. */
  verified: number;
  /** 'active', or 'suspended': no sign-in, every session ended. */
  status: Generated<string>;
  /** The person's address on the site (`/author/{slug}`), unique. */
  slug: string;
  bio: Generated<string>;
  /** JSON list of public links (URLs). */
  links: Generated<string>;
  last_sign_in_at: Generated<Timestamp | null>;
  /** The profile picture's media key, or null (decision 104). */
  picture_key: Generated<string | null>;
  /** A new e-mail address asked for, applied once the code mailed to it is given. */
  pending_email: Generated<string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OtpTable {
  email: string;
  code_hash: string;
  expires_at: Timestamp;
  attempts: number;
  sent_at: Timestamp;
}

export interface RefreshTokenTable {
  id: string;
  admin_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  /** Set when the token was exchanged for a new one. */
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in: its id is the refresh-token family and the `sid` claim of its access tokens. */
export interface SessionTable {
  id: string;
  admin_id: string;
  created_at: Timestamp;
  /** Set when the session ended; its access tokens are refused from then on. */
  revoked_at: Timestamp | null;
  revoked_reason: SessionEndReason | null;
  /** The client address it signed in from ('' for sessions older than the column). */
  address: Generated<string>;
  /** The User-Agent it signed in with. */
  agent: Generated<string>;
  /** Its last refresh (at most one write a minute); null: not used since it started. */
  last_used_at: Generated<Timestamp | null>;
  /** 1 while the person must turn two-factor sign-in on first (decision 101). */
  enrolment_required: Generated<number>;
}

export type SessionEndReason =
  | 'logout'
  | 'refresh-reuse'
  | 'password-change'
  | 'account-gone'
  | 'suspended'
  /** Ended by its owner from the sessions list. */
  | 'ended-by-owner';

/** A person's two-factor sign-in (decision 101); on while `enabled_at` is set. */
export interface TwoFactorTable {
  admin_id: string;
  /** The TOTP secret, sealed (security/secret-box.ts). */
  secret: string | null;
  /** A secret from setup awaiting its first code, sealed. */
  pending_secret: string | null;
  enabled_at: Timestamp | null;
  /** The last accepted 30-second step (bigint: PostgreSQL answers it as text). */
  last_step: string | number | null;
  updated_at: Timestamp;
}

/** A single-use recovery code, kept as its SHA-256. */
export interface RecoveryCodeTable {
  id: string;
  admin_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Between a password and a code: a short-lived, single-use token bound to the person. */
export interface SignInChallengeTable {
  token_hash: string;
  admin_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A site setting: one JSON value per key. */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

/** An invitation onto the staff (decision 100); pending while none of the last three is set. */
export interface InvitationTable {
  id: string;
  /** Lower case. */
  email: string;
  role: string;
  /** SHA-256 of the link's token. */
  token_hash: string;
  invited_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** One change made in the back office (decision 105); never updated or deleted by the product. */
export interface AuditEntryTable {
  id: string;
  at: Timestamp;
  /** Who made it; null for a failed sign-in of an unknown address. Kept after they leave. */
  actor_id: string | null;
  /** Their name when they made it. */
  actor_name: string | null;
  action: string;
  kind: string;
  thing_id: string | null;
  /** The thing's name or title when it was changed. */
  title: string;
  /** The client's address. */
  address: string | null;
  /** JSON: [{ field, before, after }]. */
  changes: string;
}

/** An article's authors, in byline order (`position` from 0). */
export interface NewsAuthorTable {
  news_id: string;
  staff_id: string;
  position: number;
  /** The article's publication time, kept by a trigger (decision 134). */
  created_at: Generated<Timestamp>;
  /** 1 while the article is active and not a draft, kept by a trigger (decision 134). */
  listed: Generated<number>;
}

/** Each person's listed bylines, kept by triggers on `news_authors` (decision 134). */
export interface BylineCountTable {
  staff_id: string;
  listed_count: number;
}

/** A former slug of an article; its page redirects to the article's current slug (decision 084). */
export interface NewsSlugHistoryTable {
  slug: string;
  news_id: string;
  created_at: Timestamp;
}

/** The slug of a deleted article: its page answers 410 Gone until another article takes it. */
export interface DeletedSlugTable {
  slug: string;
  deleted_at: Timestamp;
}

/** A former path segment (toPathSegment of an old name) of a category. */
export interface CategoryNameHistoryTable {
  segment: string;
  category_id: string;
  created_at: Timestamp;
}

/** A former path segment of a sub-category under `category_id` (its parent at the time). */
export interface SubCategoryNameHistoryTable {
  category_id: string;
  segment: string;
  subcategory_id: string;
  created_at: Timestamp;
}

/** One save of an article (decision 108); kept after the article is deleted (decision 109). */
export interface NewsRevisionTable {
  id: string;
  news_id: string;
  /** 1, 2, 3… per article, in the order of saving. */
  number: number;
  kind: string;
  stage: string;
  by_id: string | null;
  /** Their name when they saved it. */
  by_name: string | null;
  created_at: Timestamp;
  /** JSON of every field but the body (revisions/snapshot.ts). */
  fields: string;
  /** The body, deflated: the whole of it, or a delta against the revision before. */
  body: Buffer;
  /** 1 when `body` is a whole copy. */
  body_full: number;
  /** When the article was deleted; its revisions go once the retention period has passed. */
  deleted_at: Timestamp | null;
}

/** A person's private copy of an article they are editing, one per person per article. */
export interface NewsAutosaveTable {
  news_id: string;
  staff_id: string;
  saved_at: Timestamp;
  /** JSON of the fields of an update. */
  fields: string;
}

/**
 * A correction or update note of an article (decision 112). No reference to `news`: a note stays
 * when its article is deleted. Its writer is kept by id and by the name they had.
 */
export interface NewsCorrectionTable {
  id: string;
  news_id: string;
  kind: 'correction' | 'update';
  /** The current text (the last of its versions). */
  text: string;
  created_at: Timestamp;
  created_by: string | null;
  created_by_name: string;
  /** When its text last changed. */
  updated_at: Timestamp;
}

/** Every text a note has had, its first included: amendments add rows, never change them. */
export interface NewsCorrectionVersionTable {
  id: string;
  correction_id: string;
  text: string;
  at: Timestamp;
  by_id: string | null;
  by_name: string;
}

/** A preview link of an article (decision 113): only its token's hash is kept. */
export interface NewsPreviewTable {
  id: string;
  news_id: string;
  /** The revision it shows; null: the article as saved. */
  revision_id: string | null;
  token_hash: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/**
 * Daily view totals (decision 119): `day` is a date in SITE_TIME_ZONE, `YYYY-MM-DD`, `views`
 * its views of that day (sums of them are bigints on PostgreSQL, answered as text).
 */
export interface AnalyticsSiteDayTable {
  day: string;
  views: number;
}

export interface AnalyticsSectionDayTable {
  day: string;
  category_id: string;
  views: number;
}

/** An article's views of a day (analytics_article_days), or of the day's most read (analytics_day_top). */
export interface AnalyticsArticleDayTable {
  news_id: string;
  day: string;
  views: number;
}

/** An external referrer's host; `(other)` holds the views of hosts past the day's limit. */
export interface AnalyticsReferrerDayTable {
  day: string;
  host: string;
  views: number;
}

/**
 * An entry of a live page (decision 115). A deleted one stays as a tombstone (`deleted_at`);
 * `created_seq` and `seq` are the article's change sequences of its creation and last change.
 */
export interface LiveEntryTable {
  id: string;
  news_id: string;
  /** Sanitised rich-text HTML. */
  text: string;
  image_key: string | null;
  alt: Generated<string>;
  video_url: Generated<string>;
  pinned: Generated<number>;
  key_event: Generated<number>;
  created_at: Timestamp;
  created_by: string | null;
  created_by_name: string;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  created_seq: number;
  seq: number;
}

/** Every state an entry has had, its first included: edits add rows, never change them. */
export interface LiveEntryVersionTable {
  id: string;
  entry_id: string;
  text: string;
  image_key: string | null;
  alt: string;
  video_url: string;
  pinned: number;
  key_event: number;
  at: Timestamp;
  by_id: string | null;
  by_name: string;
}

export interface Database {
  categories: CategoryTable;
  subcategories: SubCategoryTable;
  anchors: PersonTable;
  publishers: PersonTable;
  news: NewsTable;
  news_counts: NewsCountsTable;
  contacts: ContactTable;
  admins: AdminTable;
  otps: OtpTable;
  refresh_tokens: RefreshTokenTable;
  sessions: SessionTable;
  news_authors: NewsAuthorTable;
  byline_counts: BylineCountTable;
  invitations: InvitationTable;
  audit_entries: AuditEntryTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodeTable;
  sign_in_challenges: SignInChallengeTable;
  settings: SettingTable;
  news_slug_history: NewsSlugHistoryTable;
  deleted_slugs: DeletedSlugTable;
  category_name_history: CategoryNameHistoryTable;
  subcategory_name_history: SubCategoryNameHistoryTable;
  news_revisions: NewsRevisionTable;
  news_autosaves: NewsAutosaveTable;
  news_corrections: NewsCorrectionTable;
  news_correction_versions: NewsCorrectionVersionTable;
  news_previews: NewsPreviewTable;
  analytics_site_days: AnalyticsSiteDayTable;
  analytics_section_days: AnalyticsSectionDayTable;
  analytics_article_days: AnalyticsArticleDayTable;
  analytics_day_top: AnalyticsArticleDayTable;
  analytics_referrer_days: AnalyticsReferrerDayTable;
  live_entries: LiveEntryTable;
  live_entry_versions: LiveEntryVersionTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
}

/** An endpoint told of events by signed POSTs (decision 117). */
export interface WebhookEndpointTable {
  id: string;
  url: string;
  /** JSON array of event names. */
  events: string;
  /** `whsec_<base64>`. */
  secret: string;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox: an event, written in the transaction of the change it tells of (decision 117). */
export interface WebhookEventTable {
  id: string;
  type: string;
  news_id: string | null;
  /** JSON of the delivery's `data`, less the URL. */
  data: string;
  /** JSON array of the paths of the feeds the change altered (decision 118). */
  feeds: string;
  created_at: Timestamp;
  available_at: Timestamp;
  dispatched_at: Timestamp | null;
}

/** One event to one endpoint, or one WebSub ping of a feed: the queue (decision 117). */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string | null;
  event_id: string;
  type: string;
  feed_url: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  created_at: Timestamp;
  window_start: Timestamp;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  lease_token: string | null;
  last_attempt_at: Timestamp | null;
  response_status: number | null;
  response_excerpt: string | null;
}
