// Go's url.QueryEscape and url.QueryUnescape, on the UTF-8 bytes of a string.
import { utf8Bytes } from "../utf8.js";

const HEX = "0123456789ABCDEF";

function unreserved(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) ||
    (b >= 0x61 && b <= 0x7a) ||
    (b >= 0x30 && b <= 0x39) ||
    b === 0x2d ||
    b === 0x2e ||
    b === 0x5f ||
    b === 0x7e
  );
}

/** Go's url.QueryEscape: space as "+", unreserved bytes kept, the rest as %XX. */
export function queryEscape(s: string): string {
  let out = "";
  for (const b of utf8Bytes(s)) {
    if (unreserved(b)) out += String.fromCharCode(b);
    else if (b === 0x20) out += "+";
    else out += `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** Go's url.QueryUnescape: the text, or the bad escape Go's EscapeError names. */
export function queryUnescape(s: string): { text: string } | { badEscape: string } {
  const bytes = utf8Bytes(s);
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x25) {
      const h1 = i + 1 < bytes.length ? hexValue(bytes[i + 1]!) : -1;
      const h2 = i + 2 < bytes.length ? hexValue(bytes[i + 2]!) : -1;
      if (h1 < 0 || h2 < 0) {
        const rest = new TextDecoder().decode(bytes.subarray(i, Math.min(i + 3, bytes.length)));
        return { badEscape: rest };
      }
      out.push(h1 * 16 + h2);
      i += 2;
    } else out.push(b === 0x2b ? 0x20 : b);
  }
  return { text: new TextDecoder().decode(new Uint8Array(out)) };
}
