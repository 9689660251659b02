import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@newsroom/contract';

/** Base32's letters and digits: no 0/O or 1/l to mistake when typing from paper. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const LENGTH = 16;

/**
 * Ten new recovery codes as shown once (`abcd-efgh-jkmn-pqrs`): 80 random bits each, so a plain
 * SHA-256 is enough to keep them (no one can try 2^80 candidates against a stolen hash).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
    return chars.join('').replace(/(.{4})(?!$)/g, '$1-');
  });
}

/** The hash a code is kept as; `code` as typed or as shown (dashes, case and spaces ignored). */
export function hashRecoveryCode(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]+/g, '');
  return createHash('sha256').update(normal).digest('hex');
}
