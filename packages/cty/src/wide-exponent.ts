// 512-bit rounding and shortest decimals of numbers with exponents too large for exact powers.
//
// A cty number is a 512-bit big.Float whose binary exponent may reach ±2^31, so 10^300000000 is
// an ordinary number there. Exact bigint powers of ten that large take seconds to minutes (or
// exceed the engine's bigint size), so past WIDE_EXPONENT the power of five is carried as a
// binary approximation of APPROX_BITS bits instead, the way Go's big.Float itself applies a
// decimal exponent (`pow5` at the target precision plus guard bits). The approximation is off by
// at most a few units in its last of 960 bits, far below the 512 bits of the result: a rounding
// can only differ from the exact one if the exact value lies within 2^-900 of a rounding
// boundary, which no decimal with an exponent this large does.

import { bitLength, type DigitString, PRECISION, roundRational } from "./binary-rounding.js";

/** Powers of ten up to this exponent are computed exactly. */
export const WIDE_EXPONENT = 3000;
const APPROX_BITS = 960;
// Digits computed for a shortest decimal: 512 bits need at most 155, the rest are guard digits.
const WIDE_DIGITS = 200;
const LOG10_2 = 0.3010299956639812;

/** 5^n as m × 2^e with m of at most APPROX_BITS bits, truncated at each step. */
function approxPow5(n: number): { m: bigint; e: number } {
  let m = 1n;
  let e = 0;
  for (let bit = 31 - Math.clz32(n); bit >= 0; bit--) {
    m *= m;
    e *= 2;
    if ((n >>> bit) & 1) m *= 5n;
    const extra = bitLength(m) - APPROX_BITS;
    if (extra > 0) {
      m >>= BigInt(extra);
      e += extra;
    }
  }
  return { m, e };
}

/** num/den × 10^exp10 (num, den > 0) rounded to 512 bits: m × 2^e2, for any exponent. */
export function roundScaled(num: bigint, den: bigint, exp10: number): { m: bigint; e2: number } {
  if (exp10 >= 0 && exp10 <= WIDE_EXPONENT) return roundRational(num * 10n ** BigInt(exp10), den);
  if (exp10 < 0 && -exp10 <= WIDE_EXPONENT) return roundRational(num, den * 10n ** BigInt(-exp10));
  // 10^k = 5^k × 2^k: the power of two goes to the exponent, the power of five is approximated.
  const p = approxPow5(Math.abs(exp10));
  const r = exp10 > 0 ? roundRational(num * p.m, den) : roundRational(num, den * p.m);
  return { m: r.m, e2: r.e2 + (exp10 > 0 ? p.e + exp10 : exp10 - p.e) };
}

/**
 * The leading WIDE_DIGITS decimal digits of x × 2^e (x > 0) when |e| is too large for exact
 * digits; enough for `roundShortest`, which never keeps more than 155 of them.
 */
export function approxDecimal(x: bigint, e: number): DigitString {
  // x × 2^e ≈ 10^t; scale by 10^-s so the integer part has about WIDE_DIGITS digits.
  const t = Math.floor((bitLength(x) + e) * LOG10_2);
  const s = t - WIDE_DIGITS;
  const p = approxPow5(Math.abs(s));
  let scaled: bigint;
  if (s >= 0) {
    // x × 2^(e-s) / 5^s
    const k = e - s - p.e;
    scaled = k >= 0 ? (x << BigInt(k)) / p.m : x / (p.m << BigInt(-k));
  } else {
    // x × 2^(e-s) × 5^-s
    const k = e - s + p.e;
    scaled = k >= 0 ? (x * p.m) << BigInt(k) : (x * p.m) >> BigInt(-k);
  }
  const text = scaled.toString();
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 48) end--;
  return { digits: text.slice(0, end), exp: text.length + s };
}

/** Whether an exact decimal of x × 2^e would be too long to compute. */
export function isWideBinaryExponent(e: number): boolean {
  return Math.abs(e) > WIDE_EXPONENT + PRECISION;
}
