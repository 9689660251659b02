import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import { LIMITS, VIDEO_EMBED_ORIGINS } from '@newsroom/contract';
import type { Config } from './config/env.ts';
import { ensureWritableDir, loadSecrets, type Secrets } from './config/secrets.ts';
import { openDatabase, type Db } from './db/database.ts';
import { migrationProvider } from './migrations/provider.ts';
import { systemClock, type Clock } from './domain/clock.ts';
import { apiRoutes } from './api.ts';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from './http/error-handler.ts';
import { registerJsonBodies } from './http/json-body.ts';
import { registerRefusedBodyHandling } from './http/refused-body.ts';
import { MAX_SEGMENT_LENGTH, registerRequestLimits } from './http/request-limits.ts';
import { healthRoute } from './http/health.ts';
import { createMailer } from './mail/mailer.ts';
import { closeRedis, connectRedis, settle } from './redis/client.ts';
import { FORM_FIELD_BYTES } from './news/input.ts';
import { Throttle } from './security/throttle.ts';
import { seedDemoIfEmpty } from './seed/first-start.ts';
import { MediaSweeper } from './media/media-sweep.ts';
import { RevisionRetentionPolicy } from './revisions/retention.ts';
import { PeriodicSweep } from './process/periodic-sweep.ts';
import { createServices, type Services } from './services.ts';
import { openStorage, type StorageSettings } from './storage/open-storage.ts';
import type { MediaStorage } from './storage/storage.ts';
import { webHost } from './pages/host.ts';
import type { UnlistedPagesSlot } from './pages/unlisted-pages.ts';
import { previewPageRoute } from './previews/page-route.ts';
import { countPageView } from './views/article-views.ts';
import { HitServer, siteHeaders } from './cache/hit-server.ts';
import { PublicCache } from './cache/public-cache.ts';
import { serverWithFront, type FrontSlot } from './http/server-factory.ts';
import { ViewBuffer } from './views/view-buffer.ts';
import { DailyViews } from './analytics/daily-views.ts';
import { SiteDays } from './analytics/days.ts';
import { PageViews } from './analytics/page-views.ts';
import { normalHost, ReferrerHosts } from './analytics/referrer.ts';
import { AnalyticsRepository } from './analytics/repo.ts';
import { NewsMedia } from './media/media.ts';
import { NewsRepository, toNewsDto } from './news/repo.ts';
import { VariantMaker } from './media/variant-maker.ts';
import { VariantProcess } from './media/variant-process.ts';
import { ScheduledRelease } from './news/scheduled-release.ts';
import { createPresence, type Presence } from './presence/setup.ts';
import { createLive, type Live } from './live/setup.ts';
import { PgBossQueue } from './webhooks/pg-boss-queue.ts';
import { TableQueue } from './webhooks/queue.ts';
import { DeliveryWorker } from './webhooks/worker.ts';
import { SECRET_PURPOSE as WEBHOOK_SECRET_PURPOSE } from './webhooks/sign.ts';
import { SecretBox } from './security/secret-box.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    secrets: Secrets;
    db: Db;
    throttle: Throttle;
    services: Services;
    storage: MediaStorage;
    /** Where media are kept, for the processes and threads that open the store themselves. */
    storageSettings: StorageSettings;
    mediaSweep: MediaSweeper;
    publicCache: PublicCache;
    clock: Clock;
    hitServer: HitServer;
    variantProcess: VariantProcess;
    /** Who is editing which article, and their open event streams (presence/). */
    presence: Presence;
    /** Page views counted into daily totals (analytics/, decision 119). */
    pageViews: PageViews;
    /** Live pages: their entries and readers' open event streams (live/). */
    live: Live;
    /** Sends webhook deliveries and WebSub pings from the outbox (decision 117). */
    deliveryWorker: DeliveryWorker;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the app reads the time (what is published yet, stamps, expiries); tests move it. */
  clock?: Clock;
  /** How long picture switches wait to be announced together (media/variant-maker.ts). */
  variantSwitchBatchMs?: number;
}

/** Builds the whole application: configuration in, a ready Fastify instance out. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  await ensureWritableDir(config.dataDir);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  if (!config.s3) await ensureWritableDir(uploadsDir);
  const secrets = await loadSecrets(config);
  const frontSlot: FrontSlot = { front: null };
  const app = Fastify({
    serverFactory: serverWithFront(frontSlot),
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { maxParamLength: MAX_SEGMENT_LENGTH },
    // What the router and Node's HTTP parser refuse also answers in the envelope (http/).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  const db = await openDatabase({
    ...config,
    migrations: migrationProvider,
    onConnectionLost: (error) =>
      app.log.warn(`Lost a database connection (${error.message}); reconnecting on demand`),
    log: app.log,
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) await settle(redis);
  const throttle = new Throttle(redis, config.redisPrefix);
  const storageSettings: StorageSettings = config.s3
    ? { driver: 's3', s3: config.s3 }
    : { driver: 'local', root: uploadsDir, publicUrl: config.publicUrlSet ? config.publicUrl : '' };
  const storage = openStorage(storageSettings);
  const mediaSweep = new MediaSweeper(storage, db.kysely, app.log);
  const periodicMediaSweep = new PeriodicSweep(
    'orphan media file(s)',
    async () => (await mediaSweep.run()).length,
    app.log,
  );
  const views = new ViewBuffer(db.kysely, app.log);
  const clock = options.clock ?? systemClock;
  const dailyViews = new DailyViews(
    new AnalyticsRepository(db.kysely),
    new SiteDays(config.siteTimeZone),
    clock,
    app.log,
  );
  // Revisions of articles deleted longer ago than the retention setting (decision 109).
  const revisionRetention = new RevisionRetentionPolicy(db.kysely, clock);
  const revisionSweep = new PeriodicSweep(
    'revision(s) of deleted articles',
    () => revisionRetention.sweep(),
    app.log,
  );
  const publicCache = new PublicCache({
    maxBytes: config.pageCacheBytes,
    schedule: new ScheduledRelease(new NewsRepository(db.kysely, clock), clock, app.log),
    clock,
    ...(config.redisUrl
      ? { redis: { url: config.redisUrl, prefix: config.redisPrefix, log: app.log } }
      : {}),
  });
  const variantProcess = new VariantProcess(storageSettings, app.log);
  const newsRows = new NewsRepository(db.kysely, clock);
  const variants = new VariantMaker({
    db: db.kysely,
    media: new NewsMedia(storage),
    make: (job) => variantProcess.make(job),
    articleOf: async (id) => {
      const row = await newsRows.findById(id);
      return row ? toNewsDto(row, (key) => storage.url(key)) : null;
    },
    invalidate: publicCache.invalidate,
    clock,
    log: app.log,
    ...(options.variantSwitchBatchMs !== undefined && {
      switchBatchMs: options.variantSwitchBatchMs,
    }),
  });
  // pg-boss where several instances share PostgreSQL; the row's own lease on SQLite (decision 124).
  const webhookQueue =
    db.dialect === 'postgres'
      ? new PgBossQueue(db.kysely, clock, app.log)
      : new TableQueue(db.kysely);
  await webhookQueue.start();
  const webhookBox = new SecretBox(secrets.jwtSecret, WEBHOOK_SECRET_PURPOSE);
  const deliveryWorker = new DeliveryWorker({
    db: db.kysely,
    clock,
    log: app.log,
    publicUrl: config.publicUrl,
    hubUrl: config.websubHubUrl,
    allowPrivate: config.allowPrivateWebhooks,
    box: webhookBox,
    queue: webhookQueue,
  });
  app.addHook('onClose', async () => {
    // Deliveries under way finish (each within its timeout); the rest wait in the database.
    await deliveryWorker.stop();
    await webhookQueue.stop();
    // The variant process ends first; a picture under way is made again at the next start.
    await variantProcess.stop();
    await variants.close();
    // Requests are over by now: the last views are written before the database closes.
    await views.close();
    await dailyViews.close();
    await publicCache.close();
    await periodicMediaSweep.stop();
    await mediaSweep.stop();
    await revisionSweep.stop();
    await webhookSweep.stop();
    await storage.close();
    await app.services.sessions.close();
    if (redis) await closeRedis(redis);
    await db.close();
  });

  app.decorate('config', config);
  app.decorate('secrets', secrets);
  app.decorate('db', db);
  app.decorate('throttle', throttle);
  app.decorate('storage', storage);
  app.decorate('storageSettings', { getter: () => storageSettings });
  app.decorate('mediaSweep', mediaSweep);
  app.decorate('publicCache', publicCache);
  app.decorate('clock', clock);
  app.decorate('variantProcess', variantProcess);
  app.decorate(
    'pageViews',
    new PageViews(
      dailyViews,
      new ReferrerHosts(new Set([normalHost(new URL(config.publicUrl).hostname)])),
    ),
  );
  app.decorate('deliveryWorker', deliveryWorker);
  const hitServer = new HitServer({
    cache: publicCache,
    countPageView:
      config.viewsFrom === 'beacon'
        ? null
        : (article, headers) => countPageView(app, article, headers),
  });
  app.decorate('hitServer', hitServer);
  app.decorate(
    'services',
    createServices({
      db: db.kysely,
      config,
      secrets,
      storage,
      mailer: createMailer({ ...config, logger: app.log }),
      log: app.log,
      views,
      invalidate: publicCache.invalidate,
      clock,
      variants,
      webhookQueue,
      webhookBox,
    }),
  );
  app.decorate('adminRoutes', []);
  const presence = createPresence({
    db: db.kysely,
    redis,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    clock,
    log: app.log,
  });
  app.decorate('presence', presence);
  app.services.news.onSaved((article) => presence.service.saved(article));
  app.services.webhooks.whenQueued(() => deliveryWorker.poke());
  const webhookSweep = new PeriodicSweep(
    'webhook event(s) sent over 30 days ago, with their deliveries',
    () => app.services.webhooks.sweepHistory(),
    app.log,
  );
  // Open event streams never go idle: they end before the server waits for its connections.
  app.addHook('preClose', () => presence.fanout.close());
  const live = createLive({
    db: db.kysely,
    storage,
    invalidate: publicCache.invalidate,
    clock,
    variants,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    log: app.log,
  });
  app.decorate('live', live);
  // An article saved with its coverage just ended: readers' pages are told (decision 115).
  app.services.news.onSaved((article) => void live.service.ended(article).catch(() => undefined));
  app.addHook('preClose', () => live.fanout.close());

  // Over plain HTTP (a local install), asking browsers to upgrade requests or remember HTTPS
  // would break the site; behind an https PUBLIC_URL both are on.
  const https = config.publicUrl.startsWith('https:');
  // Helmet's middleware, made once: its Fastify plugin makes it again for every request.
  const securityHeaders = helmet({
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': https ? [] : null,
        // Images in a bucket load from its public origin, which may be plain http on a LAN.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...bucketOrigin(config)],
        // Exactly the players the sanitisers let an article embed (contract/video.ts).
        'frame-src': ["'self'", ...VIDEO_EMBED_ORIGINS],
        'media-src': ["'self'", 'https:', 'blob:'],
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    ),
  );
  await app.register(cookie);
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageBytes,
      files: 1,
      fields: 40,
      parts: 50,
      fieldSize: FORM_FIELD_BYTES,
    },
  });
  registerJsonBodies(app);
  registerErrorHandler(app);
  registerRequestLimits(app);
  registerRefusedBodyHandling(app);

  await app.register(healthRoute({ db, redis, storage }));
  // Bucket media are loaded from the bucket; only local media are served by this process.
  if (!config.s3) {
    await app.register(fastifyStatic, {
      root: uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      maxAge: '365d',
      immutable: true,
      // Media are public: any origin may show them, as it could from a bucket or a CDN, while
      // pages and the API keep helmet's same-origin policy.
      setHeaders: (reply) => void reply.header('cross-origin-resource-policy', 'cross-origin'),
    });
  }
  await app.register(apiRoutes, { prefix: '/api/v1' });
  // Pages: built assets, server-rendered public pages, the app shell for admins (pages/host.ts).
  const unlisted: UnlistedPagesSlot = { pages: null };
  await app.register(webHost, { unlisted });
  // Preview links: an unpublished article's page for whoever holds one (decision 113).
  await app.register(previewPageRoute(app.services.previews, unlisted));

  // First start on an empty database: demo content and a demo admin (docs/decisions/030).
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty({ services: app.services, db: db.kysely, log: app.log })
    : null;
  app.decorate('demoAdmin', seeded?.admin ?? null);

  await app.ready();
  // Articles scheduled for later leave the cache at their time (decision 085).
  await publicCache.start();
  // Cache hits are answered before the framework, with the site-wide headers it would add.
  const probe = await app.inject({ method: 'GET', url: '/robots.txt' });
  hitServer.open(siteHeaders(probe.headers));
  frontSlot.front = hitServer;
  // Orphan uploads left by a crash go at start and then every few hours (media/media-sweep.ts).
  periodicMediaSweep.start();
  revisionSweep.start();
  webhookSweep.start();
  // Pictures whose variants a crash or an older version left unmade (media/variant-maker.ts).
  variants.start();
  views.start();
  dailyViews.start();
  // Webhook deliveries and WebSub pings waiting in the database, and those to come; secrets kept
  // as they were before sealing are sealed first.
  await app.services.webhooks.sealPlainSecrets();
  deliveryWorker.start();
  return app;
}

function bucketOrigin(config: Config): string[] {
  return config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
}
