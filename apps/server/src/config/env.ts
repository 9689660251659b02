import path from 'node:path';
import { z } from 'zod';
import { DISPLAY_TIME_ZONE } from '@newsroom/contract';

/** Whether the runtime knows `name` as a time zone. */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Runtime configuration, read from the environment in this module only. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminSignupCode: string | undefined;
  jwtSecret: string | undefined;
  publicUrl: string;
  /** PUBLIC_URL was given, not derived from HOST and PORT: media URLs are then absolute. */
  publicUrlSet: boolean;
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** Prefix of this site's Redis channels, so several sites (or test runs) can share one server. */
  redisPrefix: string;
  /** How long an instance may reuse a session's state before asking the database again. */
  sessionCacheSeconds: number;
  logLevel: string;
  /** Fastify's trustProxy: which proxies may set X-Forwarded-For (client addresses for throttles). */
  trustProxy: boolean | string;
  /** Origins (scheme://host[:port]) of front ends allowed to call the API with credentials. */
  corsOrigins: string[];
  /** Directory of the built web app (client assets and SSR bundle), if any. */
  webDist: string | undefined;
  /** An S3-compatible bucket for media; unset keeps media in DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** Bytes of public pages and public API answers kept in memory; 0 keeps none. */
  pageCacheBytes: number;
  /** Who counts article views: the server per page served, or a beacon from the page (a CDN). */
  viewsFrom: 'server' | 'beacon';
  /** The most article URLs in one sitemap file (the sitemaps.org limit is 50,000). */
  sitemapUrlsPerFile: number;
  /** IANA time zone in which the editor shows and takes publication times. */
  siteTimeZone: string;
  /** The WebSub hub every feed names and each change of a feed pings (decision 118). */
  websubHubUrl: string | undefined;
  /** Webhooks may reach loopback and private addresses (decision 117). */
  allowPrivateWebhooks: boolean;
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Absolute URL that objects are loaded from, without a trailing slash. */
  publicUrl: string;
}

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(0, 'PORT must be between 0 and 65535')
    .max(65535, 'PORT must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Newsroom <no-reply@newsroom.local>'),
  ADMIN_SIGNUP_CODE: z
    .string()
    .min(4, 'ADMIN_SIGNUP_CODE must have at least 4 characters')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must have at least 32 characters').optional(),
  PUBLIC_URL: z.url('PUBLIC_URL must be an absolute URL').optional(),
  SEED_DEMO: z.string().default('1'),
  REDIS_URL: z.string().min(1).optional(),
  REDIS_PREFIX: z.string().min(1).default('newsroom:'),
  SESSION_CACHE_SECONDS: z.coerce
    .number({ error: 'SESSION_CACHE_SECONDS must be a number' })
    .int('SESSION_CACHE_SECONDS must be a whole number')
    .min(0, 'SESSION_CACHE_SECONDS must be between 0 and 300')
    .max(300, 'SESSION_CACHE_SECONDS must be between 0 and 300')
    .default(5),
  PAGE_CACHE_MB: z.coerce
    .number({ error: 'PAGE_CACHE_MB must be a number' })
    .min(0, 'PAGE_CACHE_MB must be between 0 and 4096')
    .max(4096, 'PAGE_CACHE_MB must be between 0 and 4096')
    .default(256),
  VIEWS_FROM: z
    .enum(['server', 'beacon'], { error: 'VIEWS_FROM must be server or beacon' })
    .default('server'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  CORS_ORIGINS: z.string().optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      error: 'S3_ENDPOINT must be an absolute http(s) URL such as http://127.0.0.1:9000',
    })
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'S3_PUBLIC_URL must be an absolute http(s) URL' })
    .optional(),
  SITEMAP_URLS_PER_FILE: z.coerce
    .number({ error: 'SITEMAP_URLS_PER_FILE must be a number' })
    .int('SITEMAP_URLS_PER_FILE must be a whole number')
    .min(1, 'SITEMAP_URLS_PER_FILE must be between 1 and 50000')
    .max(50_000, 'SITEMAP_URLS_PER_FILE must be between 1 and 50000')
    .default(2_000),
  SITE_TIME_ZONE: z
    .string()
    .refine(isTimeZone, 'SITE_TIME_ZONE must be an IANA time zone such as Asia/Kolkata')
    .default(DISPLAY_TIME_ZONE),
  WEBSUB_HUB_URL: z
    .url({
      protocol: /^https?$/,
      error:
        'WEBSUB_HUB_URL must be an absolute http(s) URL such as https://pubsubhubbub.appspot.com/',
    })
    .optional(),
  ALLOW_PRIVATE_WEBHOOKS: z
    .enum(['0', '1'], { error: 'ALLOW_PRIVATE_WEBHOOKS must be 0 or 1' })
    .default('0'),
});

type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminSignupCode: e.ADMIN_SIGNUP_CODE,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    seedDemo: e.SEED_DEMO !== '0' && e.SEED_DEMO.toLowerCase() !== 'false',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
    corsOrigins: parseOrigins(e.CORS_ORIGINS),
    s3: parseS3(e),
    pageCacheBytes: Math.round(e.PAGE_CACHE_MB * 1024 * 1024),
    viewsFrom: e.VIEWS_FROM,
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    siteTimeZone: e.SITE_TIME_ZONE,
    websubHubUrl: e.WEBSUB_HUB_URL,
    allowPrivateWebhooks: e.ALLOW_PRIVATE_WEBHOOKS === '1',
  };
}

/** `CORS_ORIGINS`: comma-separated origins, each exactly scheme://host[:port] (no path). */
function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return origins.map((item) => {
    let url: URL | null = null;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      throw new ConfigError(
        `Invalid configuration:\n  CORS_ORIGINS: "${item}" is not an origin like https://app.example.com`,
      );
    }
    return url.origin;
  });
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** S3 storage is all or nothing: half a configuration would silently keep media on local disk. */
function parseS3(e: Env): S3Config | undefined {
  const given = [...S3_REQUIRED, 'S3_PUBLIC_URL' as const].some((name) => e[name] !== undefined);
  if (!given) return undefined;
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket } = e;
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = e;
  if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) {
    const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
    throw new ConfigError(
      `Invalid configuration:\n  S3 media storage needs ${missing.join(', ')} as well ` +
        `(set all of ${S3_REQUIRED.join(', ')}, or none to keep media in DATA_DIR/uploads)`,
    );
  }
  const base = trimSlashes(endpoint);
  return {
    endpoint: base,
    bucket,
    region: e.S3_REGION,
    accessKeyId,
    secretAccessKey,
    publicUrl: trimSlashes(e.S3_PUBLIC_URL ?? `${base}/${encodeURIComponent(bucket)}`),
  };
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** `1`/`true` trusts every proxy; a list of addresses or subnets trusts those; unset trusts none. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  return value;
}
