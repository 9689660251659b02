import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'newsroom';
const AUDIENCE = 'newsroom-admin';

export interface AccessClaims {
  adminId: string;
  email: string;
  role: string;
  /** The session (refresh-token family) the token belongs to; ending it refuses the token. */
  sessionId: string;
}

/** Signs and checks short-lived access tokens (HS256 JWT). */
export class AccessTokens {
  /**
   * The secret imported once as an HMAC key: given the secret's bytes, jose would import them
   * again on every request it checks.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    // A key that cannot be imported fails each signing and check, where it is awaited.
    this.key.catch(() => undefined);
  }

  async sign(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ email: claims.email, role: claims.role, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.adminId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /**
   * The token's claims, or null when it is malformed, forged or expired, or has no session id
   * (issued before sessions could end: such tokens are refused, their holders sign in again).
   */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const { sub, role, sid } = payload;
      if (typeof sub !== 'string' || typeof role !== 'string' || typeof sid !== 'string') {
        return null;
      }
      return {
        adminId: sub,
        email: typeof payload.email === 'string' ? payload.email : '',
        role,
        sessionId: sid,
      };
    } catch {
      return null;
    }
  }
}

/** A random opaque token and the hash under which it is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
