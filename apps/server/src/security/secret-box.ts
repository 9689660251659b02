import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Seals secrets the server keeps in the database and must read back (TOTP secrets, webhook
 * signing secrets): AES-256-GCM, a fresh 96-bit nonce each time. The key is derived (HKDF-SHA-256)
 * from the server's JWT secret (JWT_SECRET, or the one generated in DATA_DIR) and a purpose, one
 * key per kind of secret: a copy of the database alone gives nobody the secrets. Changing
 * JWT_SECRET makes the sealed secrets unreadable (decisions 101, 121).
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `purpose`: what the key seals, e.g. 'two-factor secret v1' (part of the key's derivation). */
  constructor(serverSecret: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'newsroom', purpose, 32));
  }

  /** Whether a stored value is sealed (rather than kept as it is, from before sealing). */
  static isSealed(value: string): boolean {
    return value.startsWith(`${VERSION}.`);
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The secret; null when it was sealed with another key or is not a sealed value. */
  open(sealed: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    } catch {
      return null;
    }
  }
}
