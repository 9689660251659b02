import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing as the Standard Webhooks specification says (decision 117), so any of its libraries
 * verifies our deliveries: the secret is `whsec_` and base64 of its bytes; the signature is
 * `v1,` and base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`.
 */

const PREFIX = 'whsec_';

/** What the key that seals the secrets in the database is for (security/secret-box.ts). */
export const SECRET_PURPOSE = 'webhook secret v1';

/** A new secret: 32 random bytes. */
export function newSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** The three headers of one attempt. */
export function signedHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  const signature = createHmac('sha256', key)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
