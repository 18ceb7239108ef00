// IP addresses and networks as Go's `net` package models them (16-byte or 4-byte addresses,
// masks), parsed as OpenTofu's `ipaddr` fork of Go 1.16's parser: decimal octets may have
// leading zeros ("010.001.0.0" is 10.1.0.0), IPv4-mapped IPv6 addresses are IPv4 addresses.

/** An address: 4 or 16 bytes, as Go's `net.IP`. */
export type IP = Uint8Array;

/** A network: its address (masked) and its mask, as Go's `net.IPNet`. */
export interface IPNet {
  readonly ip: IP;
  readonly mask: Uint8Array;
}

// Go's dtoi/xtoi give up once a value reaches this.
const BIG = 0xffffff;

function decimalPrefix(s: string): { n: number; len: number } | null {
  let n = 0;
  let i = 0;
  for (; i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57; i++) {
    n = n * 10 + (s.charCodeAt(i) - 48);
    if (n >= BIG) return null;
  }
  return i === 0 ? null : { n, len: i };
}

function hexPrefix(s: string): { n: number; len: number } | null {
  let n = 0;
  let i = 0;
  for (; i < s.length; i++) {
    const d = Number.parseInt(s[i]!, 16);
    if (Number.isNaN(d)) break;
    n = n * 16 + d;
    if (n >= BIG) return null;
  }
  return i === 0 ? null : { n, len: i };
}

const V4_IN_V6_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/** Go's `net.IPv4(a, b, c, d)`: the 16-byte form. */
function ipv4(bytes: readonly number[]): IP {
  const ip = new Uint8Array(16);
  ip.set(V4_IN_V6_PREFIX);
  ip.set(bytes, 12);
  return ip;
}

function parseIPv4(text: string): IP | null {
  let s = text;
  const bytes: number[] = [];
  for (let i = 0; i < 4; i++) {
    if (s.length === 0) return null;
    if (i > 0) {
      if (s[0] !== ".") return null;
      s = s.slice(1);
    }
    const d = decimalPrefix(s);
    if (d === null || d.n > 0xff) return null;
    s = s.slice(d.len);
    bytes.push(d.n);
  }
  return s.length === 0 ? ipv4(bytes) : null;
}

function parseIPv6(text: string): IP | null {
  let s = text;
  const ip = new Uint8Array(16);
  let ellipsis = -1;
  if (s.startsWith("::")) {
    ellipsis = 0;
    s = s.slice(2);
    if (s.length === 0) return ip;
  }
  let i = 0;
  while (i < 16) {
    const h = hexPrefix(s);
    if (h === null || h.n > 0xffff) return null;
    if (h.len < s.length && s[h.len] === ".") {
      // An embedded IPv4 address ends the text and must fill the last four bytes.
      if ((ellipsis < 0 && i !== 12) || i + 4 > 16) return null;
      const v4 = parseIPv4(s);
      if (v4 === null) return null;
      ip.set(v4.subarray(12), i);
      s = "";
      i += 4;
      break;
    }
    ip[i] = h.n >> 8;
    ip[i + 1] = h.n & 0xff;
    i += 2;
    s = s.slice(h.len);
    if (s.length === 0) break;
    if (s[0] !== ":" || s.length === 1) return null;
    s = s.slice(1);
    if (s[0] === ":") {
      if (ellipsis >= 0) return null;
      ellipsis = i;
      s = s.slice(1);
      if (s.length === 0) break;
    }
  }
  if (s.length !== 0) return null;
  if (i < 16) {
    if (ellipsis < 0) return null;
    const n = 16 - i;
    for (let j = i - 1; j >= ellipsis; j--) ip[j + n] = ip[j]!;
    for (let j = ellipsis + n - 1; j >= ellipsis; j--) ip[j] = 0;
  } else if (ellipsis >= 0) return null;
  return ip;
}

/** Go's `net.ParseIP` (as ipaddr.ParseIP): an address, or null. */
export function parseIP(s: string): IP | null {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === ".") return parseIPv4(s);
    if (s[i] === ":") return parseIPv6(s);
  }
  return null;
}

/** Go's `net.CIDRMask(ones, bits)`, or null when out of range. */
export function cidrMask(ones: number, bits: number): Uint8Array | null {
  if ((bits !== 32 && bits !== 128) || ones < 0 || ones > bits) return null;
  const m = new Uint8Array(bits / 8);
  for (let i = 0; i < m.length; i++) {
    const left = ones - i * 8;
    m[i] = left >= 8 ? 0xff : left <= 0 ? 0 : (0xff00 >> left) & 0xff;
  }
  return m;
}

function isV4InV6(ip: IP): boolean {
  return ip.length === 16 && V4_IN_V6_PREFIX.every((b, i) => ip[i] === b);
}

/** Go's `IP.To4()`: the 4-byte form, or null for an IPv6 address. */
export function to4(ip: IP): IP | null {
  if (ip.length === 4) return ip;
  return isV4InV6(ip) ? ip.subarray(12) : null;
}

/** Go's `IP.Mask(mask)`, or null when the lengths do not fit. */
export function maskIP(ip: IP, mask: Uint8Array): IP | null {
  let m = mask;
  let a = ip;
  if (m.length === 16 && a.length === 4 && m.subarray(0, 12).every((b) => b === 0xff)) m = m.subarray(12);
  if (m.length === 4 && isV4InV6(a)) a = a.subarray(12);
  if (m.length !== a.length) return null;
  return a.map((b, i) => b & m[i]!);
}

/** Go's `IPMask.Size()`: the leading ones and the total bits, or [0, 0] for a non-canonical mask. */
export function maskSize(mask: Uint8Array): [number, number] {
  let ones = 0;
  let i = 0;
  for (; i < mask.length && mask[i] === 0xff; i++) ones += 8;
  if (i < mask.length) {
    let b = mask[i]!;
    while (b & 0x80) {
      ones++;
      b = (b << 1) & 0xff;
    }
    if (b !== 0) return [0, 0];
    for (i++; i < mask.length; i++) if (mask[i] !== 0) return [0, 0];
  }
  return [ones, mask.length * 8];
}

/** Go's `net.ParseCIDR` as ipaddr has it: the network, or null for Go's ParseError. */
export function parseCIDR(s: string): IPNet | null {
  const slash = s.indexOf("/");
  if (slash < 0) return null;
  const addr = s.slice(0, slash);
  const maskText = s.slice(slash + 1);
  let bits = 32;
  let ip = parseIPv4(addr);
  if (ip === null) {
    bits = 128;
    ip = parseIPv6(addr);
  }
  const d = decimalPrefix(maskText);
  if (ip === null || d === null || d.len !== maskText.length || d.n > bits) return null;
  const mask = cidrMask(d.n, bits)!;
  return { ip: maskIP(ip, mask)!, mask };
}

/** Go's `IPNet.Contains(ip)`. */
export function netContains(net: IPNet, ip: IP): boolean {
  const { ip: nn, mask } = networkNumberAndMask(net);
  const x = to4(ip) ?? ip;
  if (x.length !== nn.length) return false;
  for (let i = 0; i < x.length; i++) if ((nn[i]! & mask[i]!) !== (x[i]! & mask[i]!)) return false;
  return true;
}

function networkNumberAndMask(net: IPNet): { ip: IP; mask: Uint8Array } {
  const ip = to4(net.ip) ?? net.ip;
  let mask = net.mask;
  if (mask.length === 16 && ip.length === 4) mask = mask.subarray(12);
  return { ip, mask };
}

function hex16(ip: IP, i: number): number {
  return (ip[i]! << 8) | ip[i + 1]!;
}

/** Go's `IP.String()`: dotted decimal for IPv4 (and IPv4-mapped) addresses, RFC 5952 for IPv6. */
export function ipString(ip: IP): string {
  const v4 = to4(ip);
  if (v4 !== null) return v4.join(".");
  if (ip.length !== 16) return "?";
  // The longest run of at least two zero groups becomes "::" (the first of equal runs).
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 16; i += 2) {
    let j = i;
    while (j < 16 && hex16(ip, j) === 0) j += 2;
    if (j - i > bestLen && j - i >= 4) {
      bestStart = i;
      bestLen = j - i;
    }
    if (j > i) i = j - 2;
  }
  let out = "";
  for (let i = 0; i < 16; i += 2) {
    if (i === bestStart) {
      out += "::";
      i += bestLen - 2;
      continue;
    }
    if (i > 0 && !out.endsWith(":")) out += ":";
    out += hex16(ip, i).toString(16);
  }
  return out;
}

/** Go's `IPNet.String()`: "address/prefix". */
export function netString(net: IPNet): string {
  const { ip, mask } = networkNumberAndMask(net);
  const [ones, bits] = maskSize(mask);
  if (bits === 0)
    return `${ipString(ip)}/${Array.from(mask, (b) => b.toString(16).padStart(2, "0")).join("")}`;
  return `${ipString(ip)}/${ones}`;
}

/** An address as an unsigned integer and its bit length (go-cidr's ipToInt). */
export function ipToBigInt(ip: IP): bigint {
  let v = 0n;
  for (const b of ip) v = (v << 8n) | BigInt(b);
  return v;
}

/** The low `bytes` bytes of an integer as an address (go-cidr's intToIP). */
export function bigIntToIP(v: bigint, bytes: number): IP {
  const ip = new Uint8Array(bytes);
  let x = v;
  for (let i = bytes - 1; i >= 0; i--) {
    ip[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return ip;
}
