import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from '../domain/errors.ts';

export interface ThrottleRule {
  /** Name of the rule; keys of different rules never collide. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** The throttles in force; each action is limited per client address and per account. */
export const THROTTLES = {
  loginPerClient: { name: 'login-ip', points: 20, durationSeconds: 15 * 60 },
  loginPerAccount: { name: 'login-account', points: 10, durationSeconds: 15 * 60 },
  signupPerClient: { name: 'signup-ip', points: 10, durationSeconds: 60 * 60 },
  signupPerAccount: { name: 'signup-account', points: 5, durationSeconds: 60 * 60 },
  verifyPerClient: { name: 'verify-ip', points: 30, durationSeconds: 15 * 60 },
  verifyPerAccount: { name: 'verify-account', points: 10, durationSeconds: 15 * 60 },
  resendPerClient: { name: 'resend-ip', points: 10, durationSeconds: 60 * 60 },
  resendPerAccount: { name: 'resend-account', points: 1, durationSeconds: 60 },
  refreshPerClient: { name: 'refresh-ip', points: 120, durationSeconds: 15 * 60 },
  passwordChangePerAccount: {
    name: 'password-change-account',
    points: 5,
    durationSeconds: 15 * 60,
  },
  // Codes after the password (decision 101): a code has a million values, so fewer tries.
  twoFactorPerClient: { name: 'two-factor-ip', points: 20, durationSeconds: 15 * 60 },
  twoFactorPerAccount: { name: 'two-factor-account', points: 5, durationSeconds: 15 * 60 },
  twoFactorSetupPerAccount: {
    name: 'two-factor-setup-account',
    points: 5,
    durationSeconds: 15 * 60,
  },
  twoFactorDisablePerAccount: {
    name: 'two-factor-disable-account',
    points: 5,
    durationSeconds: 15 * 60,
  },
  contactPerClient: { name: 'contact-ip', points: 5, durationSeconds: 10 * 60 },
  contactPerAccount: { name: 'contact-account', points: 3, durationSeconds: 10 * 60 },
} as const satisfies Record<string, ThrottleRule>;

/**
 * Counts attempts in memory, or in Redis when several instances share the load.
 * `consume` throws a 429 carrying Retry-After once any of the given limits is spent.
 * While Redis is away each instance counts in its own memory instead (see docs/decisions/061).
 */
export class Throttle {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  /** `prefix` (REDIS_PREFIX) keeps this site's counters apart from others on the same Redis. */
  constructor(
    private readonly redis: Redis | null,
    private readonly prefix = '',
  ) {}

  async consume(...checks: [ThrottleRule, string][]): Promise<void> {
    for (const [rule, key] of checks) {
      try {
        await this.limiter(rule).consume(key.toLowerCase());
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          throw tooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    }
  }

  /** Forgets the attempts of one key, for example after a successful sign-in. */
  async reset(rule: ThrottleRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key.toLowerCase());
  }

  private limiter(rule: ThrottleRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const options = {
        keyPrefix: `${this.prefix}throttle:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
      };
      // rejectIfRedisNotReady sends a disconnected Redis's share to the in-memory insurance
      // limiter at once instead of waiting for a command to fail.
      limiter = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }
}
