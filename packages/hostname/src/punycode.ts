// Punycode (RFC 3492) as the Go IDNA library applies it to labels: decoding keeps a basic part
// that ends in a delimiter as it is, and labels longer than 1024 code points are refused.
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT32 = 0x7fffffff;
const MAX_DECODED = 1024;

function adapt(delta: number, numPoints: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - TMIN) * TMAX) >> 1) {
    d = Math.floor(d / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * d) / (d + SKEW));
}

function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 → 26-35
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return -1;
}

const DIGITS = "abcdefghijklmnopqrstuvwxyz0123456789";

/** Decodes the part of a label after `xn--`; null when it is not valid punycode. */
export function decodePunycode(encoded: string): string | null {
  if (encoded === "") return "";
  const delimiter = encoded.lastIndexOf("-");
  if (delimiter === 0) return null;
  if (delimiter === encoded.length - 1) return encoded.slice(0, -1);
  const output: number[] = [];
  if (delimiter > 0) {
    for (const ch of encoded.slice(0, delimiter)) output.push(ch.codePointAt(0)!);
  }
  let pos = delimiter + 1;
  let i = 0;
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  while (pos < encoded.length) {
    const oldI = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos === encoded.length) return null;
      const digit = digitValue(encoded.charCodeAt(pos++));
      if (digit < 0) return null;
      i += digit * w;
      if (i > MAX_INT32) return null;
      const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
      if (w > MAX_INT32) return null;
    }
    if (output.length >= MAX_DECODED) return null;
    const x = output.length + 1;
    bias = adapt(i - oldI, x, oldI === 0);
    n += Math.floor(i / x);
    i %= x;
    if (n > 0x10ffff) return null;
    // A surrogate cannot stand in a well-formed string; it becomes U+FFFD as in Go.
    output.splice(i, 0, n >= 0xd800 && n <= 0xdfff ? 0xfffd : n);
    i++;
  }
  return String.fromCodePoint(...output);
}

/** A delta as RFC 3492's generalized variable-length integer. */
function deltaDigits(delta: number, bias: number): string {
  let out = "";
  let q = delta;
  for (let k = BASE; ; k += BASE) {
    const t = k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
    if (q < t) break;
    out += DIGITS[t + ((q - t) % (BASE - t))];
    q = Math.floor((q - t) / (BASE - t));
  }
  return out + DIGITS[q];
}

// Scratch space for the code points of a short label being encoded.
let scratch = new Int32Array(64);

/** Labels up to this many UTF-16 units take RFC 3492's loop, which allocates nothing. */
const SHORT_LABEL = 512;

/** Encodes a label as punycode (without the `xn--` prefix); null on overflow. */
export function encodePunycode(label: string): string | null {
  if (label.length > SHORT_LABEL) return encodeLong(label);
  if (scratch.length < label.length) scratch = new Int32Array(SHORT_LABEL);
  const codePoints = scratch;
  let out = "";
  let count = 0;
  for (let i = 0; i < label.length; i++) {
    let c = label.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < label.length) {
      const low = label.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    codePoints[count++] = c;
    if (c < 0x80) out += String.fromCharCode(c);
  }
  const basic = out.length;
  let handled = basic;
  if (basic > 0) out += "-";
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < count) {
    let m = 0x110000;
    for (let j = 0; j < count; j++) {
      const cp = codePoints[j]!;
      if (cp >= n && cp < m) m = cp;
    }
    delta += (m - n) * (handled + 1);
    if (delta > MAX_INT32) return null;
    n = m;
    for (let j = 0; j < count; j++) {
      const cp = codePoints[j]!;
      if (cp < n && ++delta > MAX_INT32) return null;
      if (cp !== n) continue;
      out += deltaDigits(delta, bias);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}

/**
 * A long label's punycode. RFC 3492's loop scans the whole label once per distinct code point, which is quadratic on a
 * long label of many different characters. This gives the same output with the label's code
 * points visited in sorted order and a Fenwick tree counting, for each occurrence, the code
 * points below it that precede it: O(n log n).
 */
function encodeLong(label: string): string | null {
  const codePoints: number[] = [];
  let out = "";
  for (let i = 0; i < label.length; i++) {
    let c = label.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < label.length) {
      const low = label.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        c = (c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    codePoints.push(c);
    if (c < 0x80) out += String.fromCharCode(c);
  }
  const count = codePoints.length;
  const basic = out.length;
  if (basic === count) return basic > 0 ? `${out}-` : out;
  if (basic > 0) out += "-";
  // Positions of the non-basic code points, by code point, then position.
  const order: number[] = [];
  for (let j = 0; j < count; j++) if (codePoints[j]! >= 0x80) order.push(j);
  order.sort((x, y) => codePoints[x]! - codePoints[y]! || x - y);
  // below[i]: Fenwick tree over positions holding the code points already below the current one.
  const below = new Int32Array(count + 1);
  const add = (pos: number) => {
    for (let i = pos + 1; i <= count; i += i & -i) below[i]!++;
  };
  const before = (pos: number) => {
    let sum = 0;
    for (let i = pos; i > 0; i -= i & -i) sum += below[i]!;
    return sum;
  };
  for (let j = 0; j < count; j++) if (codePoints[j]! < 0x80) add(j);
  let handled = basic;
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  let at = 0;
  while (at < order.length) {
    const m = codePoints[order[at]!]!;
    delta += (m - n) * (handled + 1);
    if (delta > MAX_INT32) return null;
    n = m;
    let end = at;
    while (end < order.length && codePoints[order[end]!] === m) end++;
    let from = 0;
    for (let k = at; k < end; k++) {
      const pos = order[k]!;
      delta += before(pos) - before(from);
      if (delta > MAX_INT32) return null;
      out += deltaDigits(delta, bias);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
      from = pos + 1;
    }
    delta += before(count) - before(from);
    if (delta > MAX_INT32) return null;
    for (let k = at; k < end; k++) add(order[k]!);
    at = end;
    delta++;
    n++;
  }
  return out;
}
