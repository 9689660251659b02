import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { DomainError } from '../domain/errors.ts';

const VERSION = 'v1';

/**
 * Seals the TOTP secrets kept in the database (AES-256-GCM, a fresh 96-bit nonce each time). The
 * key is derived (HKDF-SHA-256) from the server's JWT secret (JWT_SECRET, or the one generated in
 * DATA_DIR): a copy of the database alone does not give anyone the means to make codes.
 * Changing JWT_SECRET makes the sealed secrets unreadable (decision 101).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'newsroom', 'two-factor secret v1', 32),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The secret, or a clear refusal when it was sealed with another key. */
  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    try {
      if (version !== VERSION || !iv || !tag || !data) throw new Error('unknown format');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      throw new DomainError(
        'CONFLICT',
        'Your two-factor secret cannot be read since the server’s key changed: sign in with a recovery code, then turn two-factor sign-in off and on again',
      );
    }
  }
}
