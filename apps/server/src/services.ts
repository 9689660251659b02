import type { Kysely } from 'kysely';
import { AddressService } from './addresses/service.ts';
import { AdminRegistration } from './auth/registration.ts';
import type { BusLogger } from './redis/channel.ts';
import { AuthService } from './auth/service.ts';
import { Sessions } from './auth/sessions.ts';
import { AccessTokens } from './auth/tokens.ts';
import { CategoryService } from './category/service.ts';
import type { Config } from './config/env.ts';
import type { Secrets } from './config/secrets.ts';
import { ContactService } from './contact/service.ts';
import { DashboardService } from './dashboard/service.ts';
import type { Database } from './db/schema.ts';
import type { Clock } from './domain/clock.ts';
import type { Invalidate } from './cache/tags.ts';
import type { Mailer } from './mail/mailer.ts';
import { NewsArchive } from './feeds/archive.ts';
import { FeedArticles } from './feeds/feed-articles.ts';
import { NewsService } from './news/service.ts';
import { DeskService } from './desk/service.ts';
import { mayEditArticle } from './news/access.ts';
import { isoNow } from './domain/clock.ts';
import { RevisionService } from './revisions/service.ts';
import { Autosaves } from './revisions/autosave.ts';
import { RevisionRetentionPolicy } from './revisions/retention.ts';
import type { VariantMaker } from './media/variant-maker.ts';
import type { ViewBuffer } from './views/view-buffer.ts';
import { ANCHOR, PUBLISHER, PersonService } from './people/service.ts';
import { SearchService } from './search/service.ts';
import type { MediaStorage } from './storage/storage.ts';
import { AuditService } from './audit/service.ts';
import { CorrectionsService } from './corrections/service.ts';
import { PreviewService } from './previews/service.ts';
import { StaffInvitations } from './staff/invitations.ts';
import { StaffService } from './staff/service.ts';
import { Profiles } from './staff/profiles.ts';
import { SubCategoryService } from './subcategory/service.ts';
import { SettingsStore } from './settings/store.ts';
import { TwoFactorService } from './two-factor/service.ts';
import { lateBound } from './auth/second-factor.ts';
import { AnalyticsService } from './analytics/service.ts';
import { WebhookService } from './webhooks/service.ts';
import type { DeliveryQueue } from './webhooks/queue.ts';
import type { SecretBox } from './security/secret-box.ts';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  secrets: Secrets;
  storage: MediaStorage;
  mailer: Mailer;
  log: BusLogger;
  /** Article views, written in batches. */
  views: ViewBuffer;
  /** Drops cached public answers a write made stale (cache/public-cache.ts). */
  invalidate: Invalidate;
  /** The time that decides what is published yet, and stamps writes. */
  clock: Clock;
  /** Makes the variants of uploaded pictures after their writes answered. */
  variants: VariantMaker;
  /** Webhook deliveries' queue (webhooks/queue.ts), shared with the delivery worker. */
  webhookQueue: DeliveryQueue;
  /** Seals and opens the webhook endpoints' secrets, shared with the delivery worker. */
  webhookBox: SecretBox;
}

/** Every operation of the product, callable from routes, the CLI, seeding and server rendering. */
export function createServices(deps: ServiceDeps) {
  const { db, config, secrets, mailer, storage, log, views, invalidate, clock, variants } = deps;
  const { webhookQueue, webhookBox } = deps;
  const tokens = new AccessTokens(secrets.jwtSecret);
  const sessions = new Sessions(db, {
    cacheSeconds: config.sessionCacheSeconds,
    ...(config.redisUrl
      ? { redis: { url: config.redisUrl, prefix: config.redisPrefix, log } }
      : {}),
  });
  const categories = new CategoryService(db, invalidate);
  // Sign-in asks two-factor sign-in, which is built on it: bound once both exist.
  const secondFactor = lateBound();
  const auth = new AuthService(db, tokens, sessions, secondFactor, (key) => storage.url(key));
  const twoFactor = new TwoFactorService({
    db,
    auth,
    sessions,
    settings: new SettingsStore(db),
    clock,
    serverSecret: secrets.jwtSecret,
    issuer: new URL(config.publicUrl).host,
  });
  secondFactor.bind(twoFactor);
  const news = new NewsService(db, storage, views, invalidate, clock, variants);
  // An article's history reads and restores through the articles' own rules and write path.
  const revisions = new RevisionService(db, {
    mayEdit: (newsId, actor) => mayEditArticle(db, newsId, actor, isoNow(clock)),
    update: (newsId, fields, actor, kind) => news.update(newsId, fields, null, actor, kind),
    imageUrl: (key) => storage.url(key),
  });
  return {
    tokens,
    sessions,
    registration: new AdminRegistration(db, { mailer, ...secrets }),
    auth,
    twoFactor,
    staff: new StaffService(db, sessions, invalidate),
    profiles: new Profiles(db, { storage, mailer, secret: secrets.jwtSecret, invalidate }),
    invitations: new StaffInvitations(db, { mailer, publicUrl: config.publicUrl }),
    categories,
    subcategories: new SubCategoryService(db, invalidate),
    anchors: new PersonService(db, ANCHOR, invalidate),
    publishers: new PersonService(db, PUBLISHER, invalidate),
    contacts: new ContactService(db),
    dashboard: new DashboardService(db),
    news,
    desk: new DeskService(db, clock),
    revisions,
    autosaves: new Autosaves(db, revisions, clock),
    revisionRetention: new RevisionRetentionPolicy(db, clock),
    previews: new PreviewService(db, news, revisions, clock, config.publicUrl),
    archive: new NewsArchive(db, clock),
    feedArticles: new FeedArticles(db, storage, categories, clock),
    search: new SearchService(db, storage, clock),
    addresses: new AddressService(db, clock),
    audit: new AuditService(db),
    corrections: new CorrectionsService(db, invalidate, clock),
    analytics: new AnalyticsService(db, { timeZone: config.siteTimeZone, clock }),
    webhooks: new WebhookService(db, {
      allowPrivate: config.allowPrivateWebhooks,
      clock,
      box: webhookBox,
      queue: webhookQueue,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
