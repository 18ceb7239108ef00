// Exact cty numbers: decimal arithmetic with Go big.Float's 512-bit rounding where it shows.
//
// A number is a sign, a non-negative bigint mantissa and a base-10 exponent (or ±Inf). See
// binary-rounding.ts for when and how a result is rounded the way a 512-bit big.Float is.
// No float64 is involved anywhere.

import {
  bitLength,
  type DigitString,
  EXACT_DIGITS,
  pow10,
  roundDigits,
  shortestDecimal,
} from "./binary-rounding.js";
import { CtyError } from "./errors.js";
import { roundScaled, WIDE_EXPONENT } from "./wide-exponent.js";

// big.Float's exponent range (int32) bounds what a number can be before it is ±Inf or 0.
const MAX_EXP2 = 2147483647;
const MIN_EXP2 = -2147483648;
const LOG2_10 = 3.321928094887362;
/**
 * The most significant digits a number's text may have. Go reads any number of digits; beyond
 * this, reading and rounding them (bigint conversion is superlinear) would take seconds.
 */
export const MAX_NUMBER_DIGITS = 10_000;
/**
 * Plain decimals are printed with at most this many zeros between the digits and the point;
 * past it `toString()` uses an exponent (`1e+300000000`) where Go would print every zero.
 */
export const MAX_PLAIN_ZEROS = 10_000;
// Adding a number this many decimal places below the other's leading digit cannot change the
// 512-bit result (no tie is possible), so the sum is the larger operand.
const NEGLIGIBLE_GAP = 200;

interface NumberText {
  negative: boolean;
  infinite: boolean;
  intDigits: string;
  fracDigits: string;
  expKind: string | undefined;
  expText: string | undefined;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Splits `[+-](Inf|inf|digits[.digits]|.digits)([eEpP][+-]digits)` into its parts, or null.
 * A hand-written scan rather than a regular expression: one pass, whatever the length.
 */
function scanNumber(text: string): NumberText | null {
  const n = text.length;
  let i = 0;
  const first = text.charCodeAt(0);
  const negative = first === 45;
  if (first === 43 || first === 45) i++;
  const rest = text.slice(i);
  if (rest === "Inf" || rest === "inf") {
    return {
      negative,
      infinite: true,
      intDigits: "",
      fracDigits: "",
      expKind: undefined,
      expText: undefined,
    };
  }
  const intStart = i;
  while (i < n && isDigit(text.charCodeAt(i))) i++;
  const intDigits = text.slice(intStart, i);
  let fracDigits = "";
  if (i < n && text.charCodeAt(i) === 46) {
    const fracStart = ++i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    fracDigits = text.slice(fracStart, i);
  }
  if (intDigits === "" && fracDigits === "") return null;
  let expKind: string | undefined;
  let expText: string | undefined;
  if (i < n) {
    const c = text[i] as string;
    if (c !== "e" && c !== "E" && c !== "p" && c !== "P") return null;
    expKind = c;
    const expStart = ++i;
    if (i < n && (text.charCodeAt(i) === 43 || text.charCodeAt(i) === 45)) i++;
    const digitsStart = i;
    while (i < n && isDigit(text.charCodeAt(i))) i++;
    if (i === digitsStart || i < n) return null;
    expText = text.slice(expStart, i);
  }
  return { negative, infinite: false, intDigits, fracDigits, expKind, expText };
}

let construct: (negative: boolean, mantissa: bigint, exponent: number, infinite: boolean) => CtyNumber;

/**
 * The bit length of the integer a digit string spells. Estimated from its length and leading
 * digits, exact to the bit except right at a power of two, where it is counted exactly.
 */
function mantissaBits(digits: string): number {
  const lead = Number(`0.${digits.slice(0, 17)}`);
  const estimate = Math.log2(lead) + digits.length * LOG2_10;
  const whole = Math.floor(estimate);
  if (estimate - whole > 1e-6 && whole + 1 - estimate > 1e-6) return whole + 1;
  return bitLength(BigInt(digits));
}

/**
 * A long decimal significand × 10^e10 rounded to 512 bits. The leading digits decide the
 * rounding unless the value lies very close to a rounding boundary: the true value is strictly
 * between `head` and `head + 1` (in units of its last kept digit), so where both round alike the
 * rounding is that one, and only otherwise are all digits needed.
 */
function roundLongDecimal(significant: string, e10: number): { m: bigint; e2: number } {
  const kept = 400;
  if (significant.length <= kept) return roundScaled(BigInt(significant), 1n, e10);
  const head = BigInt(significant.slice(0, kept));
  const shift = e10 + significant.length - kept;
  const low = roundScaled(head, 1n, shift);
  const high = roundScaled(head + 1n, 1n, shift);
  if (low.m === high.m && low.e2 === high.e2) return low;
  return roundScaled(BigInt(significant), 1n, e10);
}

function trailingZeros(s: string): number {
  let n = 0;
  for (let i = s.length - 1; i > 0 && s.charCodeAt(i) === 48; i--) n++;
  return n;
}

/** An exact cty number. Immutable; use the functions of this module or its methods. */
export class CtyNumber {
  /** Whether the sign is negative (also for -0 and -Inf). */
  readonly negative: boolean;
  /** The decimal significand without trailing zeros (0n for zero and for infinities). */
  readonly mantissa: bigint;
  /** The power of ten the mantissa is multiplied by. */
  readonly exponent: number;
  readonly infinite: boolean;
  /**
   * toString(), computed on first use: rendering large values prints the same numbers many
   * times. A private field, so the instance stays frozen (private fields are not properties).
   */
  #text: string | undefined = undefined;

  private constructor(negative: boolean, mantissa: bigint, exponent: number, infinite: boolean) {
    this.negative = negative;
    this.mantissa = mantissa;
    this.exponent = exponent;
    this.infinite = infinite;
    Object.freeze(this);
  }

  static {
    construct = (negative, mantissa, exponent, infinite) =>
      new CtyNumber(negative, mantissa, exponent, infinite);
  }

  /** The number ±mantissa × 10^exponent, rounded like a 512-bit big.Float if it needs to be. */
  static fromDecimal(negative: boolean, mantissa: bigint, exponent: number): CtyNumber {
    if (mantissa < 0n) throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", "the mantissa must not be negative");
    return normalize(negative, mantissa, exponent);
  }

  static infinity(negative: boolean): CtyNumber {
    return negative ? NEG_INF : POS_INF;
  }

  /** A number from a JavaScript integer or bigint. Non-integer JS numbers are refused. */
  static fromInteger(n: number | bigint): CtyNumber {
    if (typeof n === "number") {
      if (!Number.isSafeInteger(n)) {
        throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", `${n} is not a safe integer; parse a decimal string`);
      }
      if (Object.is(n, -0)) return NEG_ZERO;
      n = BigInt(n);
    }
    return normalize(n < 0n, n < 0n ? -n : n, 0);
  }

  /**
   * Parses what Go's `big.ParseFloat(s, 10, 512, ToNearestEven)` accepts: an optional sign,
   * digits with at most one `.`, an optional `e`/`E` (decimal) or `p`/`P` (binary) exponent,
   * or `Inf`/`inf`. No whitespace, underscores or base prefixes. Returns null when refused.
   */
  static parse(text: string): CtyNumber | null {
    const m = scanNumber(text);
    if (m === null) return null;
    const negative = m.negative;
    if (m.infinite) return negative ? NEG_INF : POS_INF;
    const intDigits = m.intDigits;
    const fracDigits = m.fracDigits;
    // Leading zeros are skipped in each part: indexing a concatenation of long strings is slow.
    let lead = 0;
    while (lead < intDigits.length && intDigits.charCodeAt(lead) === 48) lead++;
    let digits: string;
    if (lead < intDigits.length) {
      digits = intDigits.slice(lead) + fracDigits;
    } else {
      let fracLead = 0;
      while (fracLead < fracDigits.length && fracDigits.charCodeAt(fracLead) === 48) fracLead++;
      digits = fracDigits.slice(fracLead);
    }
    const expKind = m.expKind;
    const expText = m.expText;
    let exp = 0n;
    if (expText !== undefined) {
      exp = BigInt(expText);
      // Go reads the exponent into an int64.
      if (exp > 9223372036854775807n || exp < -9223372036854775808n) return null;
    }
    if (digits === "") return negative ? NEG_ZERO : ZERO;
    const tz = trailingZeros(digits);
    const significant = digits.slice(0, digits.length - tz);
    if (significant.length > MAX_NUMBER_DIGITS) return null;
    // Go refuses a binary exponent outside int32 before it applies any power of five.
    const exp2 = BigInt(mantissaBits(digits)) - BigInt(fracDigits.length) + exp;
    if (exp2 < BigInt(MIN_EXP2) || exp2 > BigInt(MAX_EXP2)) return null;
    // The value is significant × 10^e10, times 2^exp for a binary exponent.
    const e10 = tz - fracDigits.length;
    if (expKind === "p" || expKind === "P") {
      const p = Number(exp);
      if (Math.abs(p) <= WIDE_EXPONENT && significant.length <= EXACT_DIGITS) {
        const mant = BigInt(significant);
        if (p >= 0) return normalize(negative, mant << BigInt(p), e10);
        return normalize(negative, mant * 5n ** BigInt(-p), e10 + p);
      }
      // Rounding the decimal first and applying the power of two afterwards is exact: the
      // power of two only moves the binary exponent, as big.Float applies it.
      const rounded = roundLongDecimal(significant, e10);
      return fromBinary(negative, rounded.m, rounded.e2 + p);
    }
    const e = Number(exp) + e10;
    // Magnitudes past big.Float's exponent range become ±Inf or 0 there.
    const magnitude = (e + significant.length) * LOG2_10;
    if (magnitude > MAX_EXP2 + 1) return negative ? NEG_INF : POS_INF;
    if (magnitude < MIN_EXP2 - 1) return negative ? NEG_ZERO : ZERO;
    if (significant.length <= EXACT_DIGITS) return make(negative, BigInt(significant), e);
    const rounded = roundLongDecimal(significant, e);
    return fromBinary(negative, rounded.m, rounded.e2);
  }

  isZero(): boolean {
    return !this.infinite && this.mantissa === 0n;
  }

  isInteger(): boolean {
    return !this.infinite && (this.mantissa === 0n || this.exponent >= 0);
  }

  /** The integer value; throws for non-integers and infinities. */
  toBigInt(): bigint {
    if (!this.isInteger())
      throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", `${this.toString()} is not an integer`);
    const v = this.mantissa * pow10(this.exponent);
    return this.negative ? -v : v;
  }

  /** The value as a JS number when it is an integer in the safe range, else null. */
  toSafeInteger(): number | null {
    if (!this.isInteger()) return null;
    if (this.exponent > 16) return null;
    const v = this.toBigInt();
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) return null;
    return Number(v);
  }

  /**
   * Go's `Text('f', -1)`: plain decimal; `-0`, `+Inf`, `-Inf`. Numbers that would need more than
   * MAX_PLAIN_ZEROS zeros are written as Go's `Text('e', -1)` (`1e+300000000`) instead.
   */
  toString(): string {
    this.#text ??= formatNumber(this);
    return this.#text;
  }

  /** Go's `big.Float.String()`, i.e. `%.10g`: the form cty hashes numbers with for set order. */
  toGoString(): string {
    if (this.infinite) return this.negative ? "-Inf" : "+Inf";
    const sign = this.negative ? "-" : "";
    if (this.mantissa === 0n) return `${sign}0`;
    const s = this.mantissa.toString();
    const d = roundDigits({ digits: s, exp: s.length + this.exponent }, 10);
    let eprec = 10;
    if (eprec > d.digits.length && d.digits.length >= d.exp) eprec = d.digits.length;
    const x = d.exp - 1;
    if (x < -4 || x >= eprec) {
      const prec = Math.min(10, d.digits.length) - 1;
      let out = d.digits[0] ?? "0";
      if (prec > 0) out += `.${d.digits.slice(1, prec + 1).padEnd(prec, "0")}`;
      const ax = Math.abs(x);
      return `${sign}${out}e${x < 0 ? "-" : "+"}${ax < 10 ? "0" : ""}${ax}`;
    }
    let prec = 10;
    if (prec > d.exp) prec = d.digits.length;
    return sign + formatFixed(d, Math.max(prec - d.exp, 0));
  }

  neg(): CtyNumber {
    if (this.infinite) return this.negative ? POS_INF : NEG_INF;
    return new CtyNumber(!this.negative, this.mantissa, this.exponent, false);
  }

  add(other: CtyNumber): CtyNumber {
    return numberAdd(this, other);
  }
  sub(other: CtyNumber): CtyNumber {
    return numberAdd(this, other.neg());
  }
  mul(other: CtyNumber): CtyNumber {
    return numberMul(this, other);
  }
  div(other: CtyNumber): CtyNumber {
    return numberDiv(this, other);
  }
  mod(other: CtyNumber): CtyNumber {
    return numberMod(this, other);
  }
  compare(other: CtyNumber): -1 | 0 | 1 {
    return numberCompare(this, other);
  }
  equals(other: CtyNumber): boolean {
    return numberCompare(this, other) === 0;
  }
}

function formatFixed(d: DigitString, prec: number): string {
  let out: string;
  if (d.exp > 0) {
    const m = Math.min(d.digits.length, d.exp);
    out = d.digits.slice(0, m) + "0".repeat(d.exp - m);
  } else {
    out = "0";
  }
  if (prec > 0) {
    let frac = "";
    for (let i = 0; i < prec; i++) {
      const j = d.exp + i;
      frac += j >= 0 && j < d.digits.length ? d.digits[j] : "0";
    }
    out += `.${frac}`;
  }
  return out;
}

function make(negative: boolean, mantissa: bigint, exponent: number): CtyNumber {
  return construct(negative, mantissa, exponent, false);
}

const ZERO = construct(false, 0n, 0, false);
const NEG_ZERO = construct(true, 0n, 0, false);
const POS_INF = construct(false, 0n, 0, true);
const NEG_INF = construct(true, 0n, 0, true);

/** Strips trailing zeros; rounds to 512 bits and back to the shortest decimal if needed. */
function normalize(negative: boolean, mantissa: bigint, exponent: number): CtyNumber {
  if (mantissa === 0n) return negative ? NEG_ZERO : ZERO;
  let s = mantissa.toString();
  const tz = trailingZeros(s);
  if (tz > 0) {
    s = s.slice(0, s.length - tz);
    mantissa = BigInt(s);
    exponent += tz;
  }
  // Past big.Float's exponent range a result is ±Inf or ±0, as there.
  const magnitude = (s.length + exponent) * LOG2_10;
  if (magnitude > MAX_EXP2 + 1) return negative ? NEG_INF : POS_INF;
  if (magnitude < MIN_EXP2 - 1) return negative ? NEG_ZERO : ZERO;
  if (s.length <= EXACT_DIGITS) return make(negative, mantissa, exponent);
  const { m, e2 } = roundScaled(mantissa, 1n, exponent);
  return fromBinary(negative, m, e2);
}

function fromBinary(negative: boolean, m: bigint, e2: number): CtyNumber {
  const top = e2 + 512;
  if (top > MAX_EXP2) return negative ? NEG_INF : POS_INF;
  if (top < MIN_EXP2) return negative ? NEG_ZERO : ZERO;
  const d = shortestDecimal(m, e2);
  return make(negative, BigInt(d.digits), d.exp - d.digits.length);
}

/** Number of decimal places above the units digit of |n|'s leading digit (n ≠ 0). */
function topDigit(n: CtyNumber): number {
  return n.mantissa.toString().length + n.exponent;
}

/** a + b, exactly, then rounded like a 512-bit big.Float where it matters. */
export function numberAdd(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (a.infinite || b.infinite) {
    if (a.infinite && b.infinite && a.negative !== b.negative) {
      throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", "can't add infinities of opposite sign");
    }
    return a.infinite ? a : b;
  }
  if (a.mantissa === 0n && b.mantissa === 0n) {
    // IEEE (and big.Float) sign rules for zero sums.
    return a.negative && b.negative ? NEG_ZERO : ZERO;
  }
  if (a.mantissa === 0n) return b;
  if (b.mantissa === 0n) return a;
  if (topDigit(b) < a.exponent - NEGLIGIBLE_GAP && topDigit(b) < topDigit(a) - NEGLIGIBLE_GAP) return a;
  if (topDigit(a) < b.exponent - NEGLIGIBLE_GAP && topDigit(a) < topDigit(b) - NEGLIGIBLE_GAP) return b;
  const e = Math.min(a.exponent, b.exponent);
  const am = a.mantissa * pow10(a.exponent - e);
  const bm = b.mantissa * pow10(b.exponent - e);
  const sum = (a.negative ? -am : am) + (b.negative ? -bm : bm);
  if (sum === 0n) return ZERO;
  return normalize(sum < 0n, sum < 0n ? -sum : sum, e);
}

export function numberSub(a: CtyNumber, b: CtyNumber): CtyNumber {
  return numberAdd(a, b.neg());
}

export function numberNeg(a: CtyNumber): CtyNumber {
  return a.neg();
}

export function numberMul(a: CtyNumber, b: CtyNumber): CtyNumber {
  const negative = a.negative !== b.negative;
  if (a.infinite || b.infinite) {
    if (a.isZero() || b.isZero()) {
      throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", "can't multiply zero by infinity");
    }
    return negative ? NEG_INF : POS_INF;
  }
  return normalize(negative, a.mantissa * b.mantissa, a.exponent + b.exponent);
}

/** base^exp mod m by repeated squaring. */
function powMod(base: bigint, exp: number, m: bigint): bigint {
  let result = 1n % m;
  let b = base % m;
  for (let e = exp; e > 0; e = Math.floor(e / 2)) {
    if (e % 2 === 1) result = (result * b) % m;
    b = (b * b) % m;
  }
  return result;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** a / b: exact when the quotient is a short terminating decimal, else 512-bit rounded. */
export function numberDiv(a: CtyNumber, b: CtyNumber): CtyNumber {
  const negative = a.negative !== b.negative;
  if ((a.isZero() && b.isZero()) || (a.infinite && b.infinite)) {
    throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", "can't divide zero by zero or infinity by infinity");
  }
  if (a.infinite || b.isZero()) return negative ? NEG_INF : POS_INF;
  if (b.infinite || a.isZero()) return negative ? NEG_ZERO : ZERO;
  const g = gcd(a.mantissa, b.mantissa);
  const num = a.mantissa / g;
  let den = b.mantissa / g;
  let exp = a.exponent - b.exponent;
  // The quotient terminates when the reduced denominator has no prime factors but 2 and 5.
  let twos = 0;
  let fives = 0;
  while (den % 2n === 0n) {
    den /= 2n;
    twos++;
  }
  while (den % 5n === 0n) {
    den /= 5n;
    fives++;
  }
  if (den === 1n) {
    const k = Math.max(twos, fives);
    const scaled = num * 2n ** BigInt(k - twos) * 5n ** BigInt(k - fives);
    exp -= k;
    return normalize(negative, scaled, exp);
  }
  den = b.mantissa / g;
  const { m, e2 } = roundScaled(num, den, exp);
  return fromBinary(negative, m, e2);
}

/**
 * cty's Value.Modulo: a − b × trunc(a / b), the sign following a. cty answers an infinite
 * operand on either side with the product of both (so `1 % +Inf` is +Inf, and zero with an
 * infinity fails as that product does), and a zero divisor with the dividend.
 */
export function numberMod(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (a.infinite || b.infinite) return numberMul(a, b);
  if (b.isZero()) return a;
  if (a.isZero() || numberCompare(a.negative ? a.neg() : a, b.negative ? b.neg() : b) < 0) return a;
  if (a.exponent > b.exponent) {
    // a's mantissa × 10^(a.exponent - b.exponent) modulo b's mantissa, without the power itself.
    const r = (a.mantissa * powMod(10n, a.exponent - b.exponent, b.mantissa)) % b.mantissa;
    return r === 0n ? ZERO : normalize(a.negative, r, b.exponent);
  }
  const e = Math.min(a.exponent, b.exponent);
  const am = a.mantissa * pow10(a.exponent - e);
  const bm = b.mantissa * pow10(b.exponent - e);
  const r = am % bm;
  if (r === 0n) return ZERO;
  return normalize(a.negative, r, e);
}

/** Numeric order; -0 equals 0. */
export function numberCompare(a: CtyNumber, b: CtyNumber): -1 | 0 | 1 {
  const sa = signOf(a);
  const sb = signOf(b);
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (sa === 0) return 0;
  if (a.infinite || b.infinite) {
    if (a.infinite && b.infinite) return 0;
    const bigger = a.infinite ? 1 : -1;
    return (sa > 0 ? bigger : -bigger) as -1 | 1;
  }
  let c: number;
  const ta = topDigit(a);
  const tb = topDigit(b);
  if (ta !== tb) {
    c = ta < tb ? -1 : 1;
  } else {
    const e = Math.min(a.exponent, b.exponent);
    const am = a.mantissa * pow10(a.exponent - e);
    const bm = b.mantissa * pow10(b.exponent - e);
    c = am === bm ? 0 : am < bm ? -1 : 1;
  }
  return (sa > 0 ? c : -c) as -1 | 0 | 1;
}

function signOf(n: CtyNumber): -1 | 0 | 1 {
  if (!n.infinite && n.mantissa === 0n) return 0;
  return n.negative ? -1 : 1;
}

/** cty number equality (set dedupe, `==`): numeric, with -0 equal to 0. */
export function numberEquals(a: CtyNumber, b: CtyNumber): boolean {
  return numberCompare(a, b) === 0;
}

/** Parses a number as Go's big.ParseFloat at 512 bits; throws CtyError when refused. */
export function parseNumber(text: string): CtyNumber {
  const n = CtyNumber.parse(text);
  if (n === null)
    throw new CtyError("TOFUKIT_CTY_NUMBER_SYNTAX", `invalid number syntax ${JSON.stringify(text)}`);
  return n;
}

// A function of the module rather than a private method: a class with a private method gives
// each of its instances one more field.
/** Go's `Text('f', -1)` of a number. */
function formatNumber(n: CtyNumber): string {
  if (n.infinite) return n.negative ? "-Inf" : "+Inf";
  const sign = n.negative ? "-" : "";
  if (n.mantissa === 0n) return `${sign}0`;
  const digits = n.mantissa.toString();
  const point = digits.length + n.exponent;
  if (n.exponent > MAX_PLAIN_ZEROS || point < -MAX_PLAIN_ZEROS) {
    // Go's Text('e', -1) form: one digit before the point, a signed exponent of two digits or more.
    const x = point - 1;
    const frac = digits.length > 1 ? `.${digits.slice(1)}` : "";
    return `${sign}${digits[0]}${frac}e${x < 0 ? "-" : "+"}${String(Math.abs(x)).padStart(2, "0")}`;
  }
  if (n.exponent >= 0) return sign + digits + "0".repeat(n.exponent);
  if (point > 0) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}0.${"0".repeat(-point)}${digits}`;
}
