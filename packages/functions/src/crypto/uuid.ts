// UUIDs: `uuid()` as hashicorp/go-uuid (16 random bytes printed as 8-4-4-4-12 hex, version
// bits untouched), `uuidv5()` as google/uuid (NewSHA1 over a namespace parsed by uuid.Parse).

import { sha1 } from "@noble/hashes/legacy.js";
import { goQuote } from "@tofukit/gostd";
import { utf8Bytes } from "../utf8.js";

function hex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** 16 bytes as the canonical 8-4-4-4-12 form. */
export function formatUUID(b: Uint8Array): string {
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The namespaces uuidv5 knows by name (RFC 4122 appendix C). */
export const UUID_NAMESPACES: Readonly<Record<string, string>> = {
  dns: "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
  url: "6ba7b811-9dad-11d1-80b4-00c04fd430c8",
  oid: "6ba7b812-9dad-11d1-80b4-00c04fd430c8",
  x500: "6ba7b814-9dad-11d1-80b4-00c04fd430c8",
};

const HEX = /^[0-9a-fA-F]{2}$/;

/** google/uuid's Parse: the 16 bytes, or its error text. */
export function parseUUID(s: string): Uint8Array | string {
  let text = s;
  const len = utf8Bytes(s).length;
  switch (len) {
    case 36:
      break;
    case 36 + 9:
      if (text.slice(0, 9).toLowerCase() !== "urn:uuid:")
        return `invalid urn prefix: ${goQuote(text.slice(0, 9))}`;
      text = text.slice(9);
      break;
    case 36 + 2:
      text = text.slice(1, -1);
      break;
    case 32: {
      const out = new Uint8Array(16);
      for (let i = 0; i < 16; i++) {
        const pair = text.slice(i * 2, i * 2 + 2);
        if (!HEX.test(pair)) return "invalid UUID format";
        out[i] = Number.parseInt(pair, 16);
      }
      return out;
    }
    default:
      return `invalid UUID length: ${len}`;
  }
  if (text[8] !== "-" || text[13] !== "-" || text[18] !== "-" || text[23] !== "-")
    return "invalid UUID format";
  const out = new Uint8Array(16);
  const offsets = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
  for (let i = 0; i < 16; i++) {
    const pair = text.slice(offsets[i]!, offsets[i]! + 2);
    if (!HEX.test(pair)) return "invalid UUID format";
    out[i] = Number.parseInt(pair, 16);
  }
  return out;
}

/** google/uuid's NewSHA1(namespace, name): version 5, RFC 4122 variant. */
export function uuidV5(namespace: Uint8Array, name: string): string {
  const data = new Uint8Array(16 + utf8Bytes(name).length);
  data.set(namespace);
  data.set(utf8Bytes(name), 16);
  const b = sha1(data).slice(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  return formatUUID(b);
}
