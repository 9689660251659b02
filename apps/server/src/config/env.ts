import path from 'node:path';
import { z } from 'zod';

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
  seedDemo: boolean;
  redisUrl: string | undefined;
  /** Prefix of this site's Redis channels, so several sites (or test runs) can share one server. */
  redisPrefix: string;
  /** How long an instance may reuse a session's state before asking the database again. */
  sessionCacheSeconds: number;
  logLevel: string;
  /** Fastify's trustProxy: which proxies may set X-Forwarded-For (client addresses for throttles). */
  trustProxy: boolean | string;
  /** Directory of the built web app (client assets and SSR bundle), if any. */
  webDist: string | undefined;
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
});

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
    seedDemo: e.SEED_DEMO !== '0' && e.SEED_DEMO.toLowerCase() !== 'false',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    webDist: e.WEB_DIST,
  };
}

/** `1`/`true` trusts every proxy; a list of addresses or subnets trusts those; unset trusts none. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  return value;
}
