import type { Kysely } from 'kysely';
import type { Role } from '@newsroom/contract';
import type { Database } from '../db/schema.ts';

/** Where a person stands with two-factor sign-in (decision 101). */
export interface SecondFactorStatus {
  /** Their two-factor sign-in is on: a password alone does not sign them in. */
  on: boolean;
  /** The site requires it of their role. */
  required: boolean;
}

/**
 * What sign-in asks of two-factor sign-in, which lives in its own folder (two-factor/) and builds
 * on this one: given here as an interface so that auth never imports it.
 */
export interface SecondFactor {
  status(adminId: string, role: Role, db?: Kysely<Database>): Promise<SecondFactorStatus>;
}

/** A SecondFactor given its implementation after the auth service that asks it is made. */
export function lateBound(): SecondFactor & { bind(target: SecondFactor): void } {
  let target: SecondFactor | null = null;
  return {
    bind: (next) => {
      target = next;
    },
    status: (...args) => {
      if (!target) throw new Error('two-factor sign-in is not bound yet');
      return target.status(...args);
    },
  };
}
