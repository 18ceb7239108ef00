// 512-bit binary rounding and Go's shortest decimal printing of the result.
//
// cty numbers are Go `big.Float`s of 512-bit precision. tofukit keeps numbers as exact decimals
// while they have at most 153 significant digits — each such decimal is the unique shortest
// text of its own 512-bit rounding, so printing it is what Go's `Text('f', -1)` prints. A result
// that needs more digits (a long literal, 1/3, a product of long numbers) is rounded the way Go
// rounds it, to nearest-even at 512 bits, and replaced by the shortest decimal that Go's
// `roundShortest` picks for that binary value.

import { approxDecimal, isWideBinaryExponent } from "./wide-exponent.js";

export const PRECISION = 512;
/** Decimals with at most this many significant digits are their own 512-bit shortest form. */
export const EXACT_DIGITS = 153;

/** A decimal as Go's math/big `decimal`: value = 0.digits × 10^exp, no trailing zeros. */
export interface DigitString {
  digits: string;
  exp: number;
}

export function bitLength(x: bigint): number {
  if (x === 0n) return 0;
  const hex = x.toString(16);
  const first = Number.parseInt(hex[0] ?? "0", 16);
  return (hex.length - 1) * 4 + (32 - Math.clz32(first));
}

const pow5Cache: bigint[] = [1n];
function pow5(n: number): bigint {
  if (n < 64) {
    while (pow5Cache.length <= n) pow5Cache.push(pow5Cache[pow5Cache.length - 1]! * 5n);
    return pow5Cache[n]!;
  }
  return 5n ** BigInt(n);
}

export function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** num/den (both > 0) rounded to nearest-even with exactly 512 significant bits: m × 2^e2. */
export function roundRational(num: bigint, den: bigint): { m: bigint; e2: number } {
  let k = PRECISION - (bitLength(num) - bitLength(den));
  for (;;) {
    const n = k >= 0 ? num << BigInt(k) : num;
    const d = k >= 0 ? den : den << BigInt(-k);
    let q = n / d;
    const r = n - q * d;
    const bl = bitLength(q);
    if (bl > PRECISION) {
      k -= bl - PRECISION;
      continue;
    }
    if (bl < PRECISION) {
      k += PRECISION - bl;
      continue;
    }
    const twice = r * 2n;
    if (twice > d || (twice === d && (q & 1n) === 1n)) q += 1n;
    let e2 = -k;
    if (bitLength(q) > PRECISION) {
      q >>= 1n;
      e2 += 1;
    }
    return { m: q, e2 };
  }
}

function stripZeros(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 48) end--;
  return s.slice(0, end);
}

/** The exact decimal digits of x × 2^e (x > 0), as Go's `decimal.init`. */
function exactDecimal(x: bigint, e: number): DigitString {
  if (isWideBinaryExponent(e)) return approxDecimal(x, e);
  if (e >= 0) {
    const s = (x << BigInt(e)).toString();
    return { digits: stripZeros(s), exp: s.length };
  }
  const s = (x * pow5(-e)).toString();
  return { digits: stripZeros(s), exp: s.length + e };
}

function at(d: DigitString, i: number): number {
  return i >= 0 && i < d.digits.length ? d.digits.charCodeAt(i) : 48;
}

/** Go's `shouldRoundUp`: round half to even on the decimal digits. */
function shouldRoundUp(d: DigitString, n: number): boolean {
  if (d.digits.charCodeAt(n) === 53 && n + 1 === d.digits.length) {
    return n > 0 && ((d.digits.charCodeAt(n - 1) - 48) & 1) !== 0;
  }
  return d.digits.charCodeAt(n) >= 53;
}

function roundDown(d: DigitString, n: number): DigitString {
  if (n < 0 || n >= d.digits.length) return d;
  const digits = stripZeros(d.digits.slice(0, n));
  return { digits, exp: digits === "" ? 0 : d.exp };
}

function roundUp(d: DigitString, n: number): DigitString {
  if (n < 0 || n >= d.digits.length) return d;
  let i = n;
  while (i > 0 && d.digits.charCodeAt(i - 1) >= 57) i--;
  if (i === 0) return { digits: "1", exp: d.exp + 1 };
  const last = String.fromCharCode(d.digits.charCodeAt(i - 1) + 1);
  return { digits: d.digits.slice(0, i - 1) + last, exp: d.exp };
}

/** Go's `decimal.round`: keep n digits, rounding half to even. */
export function roundDigits(d: DigitString, n: number): DigitString {
  if (n < 0 || n >= d.digits.length) return d;
  return shouldRoundUp(d, n) ? roundUp(d, n) : roundDown(d, n);
}

/** Go's `roundShortest` for a 512-bit value m × 2^e2 (m has exactly 512 bits). */
export function shortestDecimal(m: bigint, e2: number): DigitString {
  const d = exactDecimal(m, e2);
  const mant = m << 1n;
  const exp = e2 - 1;
  const lower = exactDecimal(mant - 1n, exp);
  const upper = exactDecimal(mant + 1n, exp);
  const inclusive = (m & 1n) === 0n;
  for (let i = 0; i < d.digits.length; i++) {
    const c = d.digits.charCodeAt(i);
    const l = at(lower, i);
    const u = at(upper, i);
    const okdown = l !== c || (inclusive && i + 1 === lower.digits.length);
    const okup = c !== u && (inclusive || c + 1 < u || i + 1 < upper.digits.length);
    if (okdown && okup) return roundDigits(d, i + 1);
    if (okdown) return roundDown(d, i + 1);
    if (okup) return roundUp(d, i + 1);
  }
  return d;
}
