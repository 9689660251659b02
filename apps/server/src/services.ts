import type { Kysely } from 'kysely';
import type { BusLogger } from './auth/revocation-bus.ts';
import { AuthService } from './auth/service.ts';
import { Sessions } from './auth/sessions.ts';
import { AccessTokens } from './auth/tokens.ts';
import { CategoryService } from './category/service.ts';
import type { Config } from './config/env.ts';
import type { Secrets } from './config/secrets.ts';
import { ContactService } from './contact/service.ts';
import { DashboardService } from './dashboard/service.ts';
import type { Database } from './db/schema.ts';
import type { Mailer } from './mail/mailer.ts';
import { NewsService } from './news/service.ts';
import { ANCHOR, PUBLISHER, PersonService } from './people/service.ts';
import { SearchService } from './search/service.ts';
import type { MediaStorage } from './storage/storage.ts';
import { SubCategoryService } from './subcategory/service.ts';

export interface ServiceDeps {
  db: Kysely<Database>;
  config: Config;
  secrets: Secrets;
  storage: MediaStorage;
  mailer: Mailer;
  log: BusLogger;
}

/** Every operation of the product, callable from routes, the CLI, seeding and server rendering. */
export function createServices({ db, config, secrets, mailer, storage, log }: ServiceDeps) {
  const tokens = new AccessTokens(secrets.jwtSecret);
  const sessions = new Sessions(db, {
    cacheSeconds: config.sessionCacheSeconds,
    ...(config.redisUrl
      ? { redis: { url: config.redisUrl, prefix: config.redisPrefix, log } }
      : {}),
  });
  return {
    tokens,
    sessions,
    auth: new AuthService(db, tokens, sessions, { mailer, ...secrets }),
    categories: new CategoryService(db),
    subcategories: new SubCategoryService(db),
    anchors: new PersonService(db, ANCHOR),
    publishers: new PersonService(db, PUBLISHER),
    contacts: new ContactService(db),
    dashboard: new DashboardService(db),
    news: new NewsService(db, storage),
    search: new SearchService(db, storage),
  };
}

export type Services = ReturnType<typeof createServices>;
