import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { LIMITS } from '@newsroom/contract';
import type { Config } from './config/env.ts';
import { ensureWritableDir, loadSecrets, type Secrets } from './config/secrets.ts';
import { openDatabase, type Db } from './db/database.ts';
import { apiRoutes } from './http/api.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { healthRoute } from './http/health.ts';
import { createMailer } from './mail/mailer.ts';
import { closeRedis, connectRedis, settle } from './redis/client.ts';
import { Throttle } from './security/throttle.ts';
import { seedDemoIfEmpty } from './seed/first-start.ts';
import { createServices, type Services } from './services.ts';
import { LocalStorage } from './storage/local.ts';
import type { MediaStorage } from './storage/storage.ts';
import { webHost } from './web/host.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    secrets: Secrets;
    db: Db;
    throttle: Throttle;
    services: Services;
    storage: MediaStorage;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application: configuration in, a ready Fastify instance out. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  await ensureWritableDir(config.dataDir);
  await ensureWritableDir(path.join(config.dataDir, 'uploads'));
  const secrets = await loadSecrets(config);
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  const db = await openDatabase({
    ...config,
    onConnectionLost: (error) =>
      app.log.warn(`Lost a database connection (${error.message}); reconnecting on demand`),
  });
  const redis = config.redisUrl ? connectRedis(config.redisUrl, app.log) : null;
  if (redis) await settle(redis);
  const throttle = new Throttle(redis);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const storage = new LocalStorage(uploadsDir);
  app.addHook('onClose', async () => {
    if (redis) await closeRedis(redis);
    await db.close();
  });

  app.decorate('config', config);
  app.decorate('secrets', secrets);
  app.decorate('db', db);
  app.decorate('throttle', throttle);
  app.decorate('storage', storage);
  app.decorate(
    'services',
    createServices({
      db: db.kysely,
      config,
      secrets,
      storage,
      mailer: createMailer({ ...config, logger: app.log }),
    }),
  );
  app.decorate('adminRoutes', []);

  // Over plain HTTP (a local install), asking browsers to upgrade requests or remember HTTPS
  // would break the site; behind an https PUBLIC_URL both are on.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': https ? [] : null,
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'frame-src': [
          "'self'",
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://player.vimeo.com',
        ],
        'media-src': ["'self'", 'https:', 'blob:'],
      },
    },
  });
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageBytes, files: 1, fields: 40, fieldSize: 512 * 1024 },
  });
  registerErrorHandler(app);

  await app.register(healthRoute({ db, redis, storage }));
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
  });
  await app.register(apiRoutes, { prefix: '/api/v1' });
  // Pages: built assets, server-rendered public pages, the app shell for admins (web/host.ts).
  await app.register(webHost);

  // First start on an empty database: demo content and a demo admin (docs/decisions/030).
  const seeded = config.seedDemo
    ? await seedDemoIfEmpty({ services: app.services, db: db.kysely, log: app.log })
    : null;
  app.decorate('demoAdmin', seeded?.admin ?? null);

  await app.ready();
  return app;
}
