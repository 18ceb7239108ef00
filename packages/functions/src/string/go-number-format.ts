// Go's fmt verbs on cty numbers, as cty's format passes them to fmt.Sprintf: *big.Int's Format
// for b, d, o, x, X and *big.Float's Format for e, E, f, g, G, on the 512-bit binary value a cty
// number is in Go.
import type { CtyNumber } from "@tofukit/cty";

/** The flags, width and precision of one verb (-1 when absent). */
export interface VerbShape {
  readonly zero: boolean;
  readonly sharp: boolean;
  readonly plus: boolean;
  readonly minus: boolean;
  readonly space: boolean;
  readonly width: number;
  readonly prec: number;
}

/** Go's fmt gives up on widths and precisions past 10^6: the rest of the verb reads as missing. */
const TOO_LARGE = 1_000_000;
const NO_VERB = "%!(NOVERB)";

/** *big.Int's Format for verb b, d, o, x or X. */
export function formatBigInt(value: bigint, mode: string, v: VerbShape): string {
  if (v.width > TOO_LARGE || v.prec > TOO_LARGE) return NO_VERB;
  const base = mode === "b" ? 2 : mode === "o" ? 8 : mode === "d" ? 10 : 16;
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString(base);
  if (mode === "X") digits = digits.toUpperCase();
  const sign = negative ? "-" : v.plus ? "+" : v.space ? " " : "";
  let prefix = "";
  if (v.sharp)
    prefix = mode === "b" ? "0b" : mode === "o" ? "0" : mode === "x" ? "0x" : mode === "X" ? "0X" : "";
  let zeros = 0;
  if (v.prec >= 0) {
    if (digits.length < v.prec) zeros = v.prec - digits.length;
    else if (digits === "0" && v.prec === 0) return "";
  }
  let left = 0;
  let right = 0;
  const length = sign.length + prefix.length + zeros + digits.length;
  if (v.width >= 0 && length < v.width) {
    const d = v.width - length;
    if (v.minus) right = d;
    else if (v.zero && v.prec < 0) zeros = d;
    else left = d;
  }
  return `${" ".repeat(left)}${sign}${prefix}${"0".repeat(zeros)}${digits}${" ".repeat(right)}`;
}

/** Go's math/big `decimal`: value = 0.digits × 10^exp, digits without trailing zeros. */
interface Decimal {
  digits: string;
  exp: number;
}

const PRECISION = 512;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** x / 2^k rounded half to even (k > 0). */
function shiftRoundEven(x: bigint, k: number): bigint {
  const q = x >> BigInt(k);
  const r = x - (q << BigInt(k));
  const half = 1n << BigInt(k - 1);
  if (r > half || (r === half && (q & 1n) === 1n)) return q + 1n;
  return q;
}

function trimZeros(digits: string, exp: number): Decimal {
  const t = digits.replace(/0+$/, "");
  return t === "" ? { digits: "", exp: 0 } : { digits: t, exp };
}

/**
 * The exact decimal digits of the 512-bit big.Float a cty number is in Go (the decimal
 * rounded to nearest-even at 512 bits, as cty parses numbers), of its magnitude.
 */
function binaryDecimal(n: CtyNumber): Decimal {
  if (n.mantissa === 0n) return { digits: "", exp: 0 };
  let num = n.mantissa;
  let den = 1n;
  if (n.exponent >= 0) num *= 10n ** BigInt(n.exponent);
  else den = 10n ** BigInt(-n.exponent);
  // Scale to a quotient of exactly 512 bits: m × 2^-k.
  let k = PRECISION - (bitLength(num) - bitLength(den));
  let m: bigint;
  for (;;) {
    const scaledNum = k >= 0 ? num << BigInt(k) : num;
    const scaledDen = k >= 0 ? den : den << BigInt(-k);
    const q = scaledNum / scaledDen;
    if (bitLength(q) > PRECISION) {
      k--;
      continue;
    }
    if (bitLength(q) < PRECISION) {
      k++;
      continue;
    }
    const r = scaledNum - q * scaledDen;
    m = 2n * r > scaledDen || (2n * r === scaledDen && (q & 1n) === 1n) ? q + 1n : q;
    break;
  }
  if (bitLength(m) > PRECISION) {
    m = shiftRoundEven(m, 1);
    k--;
  }
  // m × 2^-k = m × 5^k × 10^-k for k > 0.
  if (k <= 0) {
    const s = (m << BigInt(-k)).toString();
    return trimZeros(s, s.length);
  }
  const s = (m * 5n ** BigInt(k)).toString();
  return trimZeros(s, s.length - k);
}

/** The shortest decimal of a number: its own digits (cty keeps the 512-bit shortest form). */
function shortestDecimal(n: CtyNumber): Decimal {
  if (n.mantissa === 0n) return { digits: "", exp: 0 };
  const s = n.mantissa.toString();
  return { digits: s, exp: s.length + n.exponent };
}

/** decimal.round(n): keep n digits, half to even. */
function roundTo(d: Decimal, n: number): Decimal {
  if (n < 0 || n >= d.digits.length) return d;
  const c = d.digits.charCodeAt(n);
  let up = c > 53 || (c === 53 && n + 1 < d.digits.length);
  if (c === 53 && n + 1 === d.digits.length) up = n > 0 && (d.digits.charCodeAt(n - 1) - 48) % 2 === 1;
  if (!up) return trimZeros(d.digits.slice(0, n), d.exp);
  let i = n;
  while (i > 0 && d.digits[i - 1] === "9") i--;
  if (i === 0) return { digits: "1", exp: d.exp + 1 };
  return {
    digits: d.digits.slice(0, i - 1) + String.fromCharCode(d.digits.charCodeAt(i - 1) + 1),
    exp: d.exp,
  };
}

/** How many leading digits of `d` the verb keeps (decimal.round's argument). */
function keptDigits(d: Decimal, mode: string, prec: number): number {
  if (mode === "e" || mode === "E") return 1 + prec;
  if (mode === "f") return d.exp + prec;
  return prec;
}

// A 512-bit value is within 2^-512 (about 10^-154) of its shortest decimal, relatively: rounded
// to fewer digits than this, both round alike except at an exact decimal tie.
const SAFE_DIGITS = 140;

/**
 * The digits the verb prints, rounded half to even from the number's 512-bit binary value. The
 * binary value's long expansion is needed only for many digits or a decimal tie; otherwise the
 * number's own decimal digits round the same.
 */
function roundedDecimal(n: CtyNumber, mode: string, prec: number): Decimal {
  const own = shortestDecimal(n);
  const keep = keptDigits(own, mode, prec);
  const tie = keep >= 0 && keep === own.digits.length - 1 && own.digits[keep] === "5";
  if (keep < SAFE_DIGITS && !tie) return roundTo(own, keep);
  const exact = binaryDecimal(n);
  return roundTo(exact, keptDigits(exact, mode, prec));
}

function at(d: Decimal, i: number): string {
  return i >= 0 && i < d.digits.length ? d.digits[i]! : "0";
}

function fmtE(d: Decimal, e: string, prec: number): string {
  let out = d.digits[0] ?? "0";
  if (prec > 0) {
    out += ".";
    const m = Math.min(d.digits.length, prec + 1);
    out += d.digits.slice(1, m);
    out += "0".repeat(Math.max(0, prec + 1 - Math.max(m, 1)));
  }
  const exp = d.digits.length > 0 ? d.exp - 1 : 0;
  const ax = Math.abs(exp);
  return `${out}${e}${exp < 0 ? "-" : "+"}${ax < 10 ? "0" : ""}${ax}`;
}

function fmtF(d: Decimal, prec: number): string {
  let out: string;
  if (d.exp > 0) {
    const m = Math.min(d.digits.length, d.exp);
    out = d.digits.slice(0, m) + "0".repeat(d.exp - m);
  } else out = "0";
  if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) out += at(d, d.exp + i);
  }
  return out;
}

/** big.Float.Text(mode, prec) of the magnitude (no sign). */
function floatText(n: CtyNumber, mode: string, prec: number): string {
  const shortest = prec < 0;
  let d: Decimal;
  if (shortest) {
    d = shortestDecimal(n);
    if (mode === "e" || mode === "E") prec = d.digits.length - 1;
    else if (mode === "f") prec = Math.max(d.digits.length - d.exp, 0);
    else prec = d.digits.length;
  } else {
    if ((mode === "g" || mode === "G") && prec === 0) prec = 1;
    d = roundedDecimal(n, mode, prec);
  }
  if (mode === "e" || mode === "E") return fmtE(d, mode, prec);
  if (mode === "f") return fmtF(d, prec);
  let eprec = prec;
  if (eprec > d.digits.length && d.digits.length >= d.exp) eprec = d.digits.length;
  if (shortest) eprec = 6;
  const exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.digits.length) prec = d.digits.length;
    return fmtE(d, mode === "g" ? "e" : "E", prec - 1);
  }
  if (prec > d.exp) prec = d.digits.length;
  return fmtF(d, Math.max(prec - d.exp, 0));
}

/** *big.Float's Format for verb e, E, f, g or G. */
export function formatBigFloat(n: CtyNumber, mode: string, v: VerbShape): string {
  if (v.width > TOO_LARGE || v.prec > TOO_LARGE) return NO_VERB;
  let prec = v.prec;
  if (prec < 0 && mode !== "g" && mode !== "G") prec = 6;
  const body = n.infinite ? "Inf" : floatText(n, mode, prec);
  let sign: string;
  if (n.negative) sign = "-";
  else if (n.infinite) sign = v.space ? " " : "+";
  else sign = v.plus ? "+" : v.space ? " " : "";
  const padding = v.width > sign.length + body.length ? v.width - sign.length - body.length : 0;
  if (v.zero && !n.infinite) return sign + "0".repeat(padding) + body;
  if (v.minus) return sign + body + " ".repeat(padding);
  return " ".repeat(padding) + sign + body;
}

/** big.Float.Text('g', -1): the text %v gives a number. */
export function shortestG(n: CtyNumber): string {
  if (n.infinite) return n.negative ? "-Inf" : "+Inf";
  return (n.negative ? "-" : "") + floatText(n, "g", -1);
}
