/*
 * CRC-32 of two pieces of data joined, from each piece's CRC-32 and the second's length, without
 * reading the data again: zlib's crc32_combine_gen and crc32_combine_op (crc32.c, zlib 1.2.12
 * and later), which Node does not expose. Arithmetic on polynomials over GF(2) modulo the CRC-32
 * polynomial (reflected).
 */

const POLY = 0xedb88320;

/** a(x) · b(x) modulo p(x), both reflected. */
function multiplyModP(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  let factor = b;
  for (;;) {
    if (a & m) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo p(x), for n from 0 to 31. */
const X_TO_2N: number[] = [];
{
  let p = 0x40000000; // x^1
  X_TO_2N.push(p);
  for (let n = 1; n < 32; n++) X_TO_2N.push((p = multiplyModP(p, p)));
}

/** x^(n · 2^k) modulo p(x). */
function xToNModP(n: number, k: number): number {
  let p = 0x80000000; // x^0
  let rest = n;
  let power = k;
  while (rest > 0) {
    if (rest % 2 === 1) p = multiplyModP(X_TO_2N[power & 31] as number, p);
    rest = Math.floor(rest / 2);
    power += 1;
  }
  return p;
}

/**
 * What the CRC-32 of data followed by `length` bytes multiplies the data's CRC-32 by: x^(8·length)
 * modulo p(x). It depends on the length alone, so a piece joined many times computes it once.
 */
export function crc32Shift(length: number): number {
  return xToNModP(length, 3);
}

/**
 * The CRC-32 of A followed by B, from CRC-32(A), CRC-32(B) and B's `crc32Shift` (one product
 * modulo p(x), where working the shift out from B's length takes one per bit of it).
 */
export function crc32CombineShifted(crcA: number, crcB: number, shiftB: number): number {
  return (multiplyModP(shiftB, crcA >>> 0) ^ (crcB >>> 0)) >>> 0;
}
