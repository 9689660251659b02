import { Secret, TOTP as Totp } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP } from '@newsroom/contract';

/** Codes of the step before and after the server's are accepted too (clocks drift a little). */
const WINDOW = 1;

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '', issuer = '') {
  return new Totp({
    issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** The `otpauth://` address an authenticator app takes, and a PNG data: URL of its QR code. */
export async function enrolmentOf(secret: string, issuer: string, account: string) {
  const otpauthUrl = totpOf(secret, account, issuer).toString();
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode };
}

/** The 30-second step `code` belongs to at `atMs` (within the window), or null when wrong. */
export function stepOfCode(secret: string, code: string, atMs: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: atMs, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(atMs / 1000 / TOTP.periodSeconds) + delta;
}
