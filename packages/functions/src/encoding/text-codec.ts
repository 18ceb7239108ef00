// Text in other character sets, for textencodebase64 / textdecodebase64: single-byte sets from
// iconv-lite's tables (the IBM code pages, ISO 8859, KOI8, Mac, Windows), the UTFs, and the
// multi-byte sets through the WHATWG decoders of TextDecoder (golang.org/x/text builds its CJK
// codecs from the same WHATWG indexes), encoded through the inverse of those decoders.
// Decoding never fails here: undefined bytes become U+FFFD, which the caller refuses as Go does.
/// <reference path="./iconv-lite-tables.d.ts" />
import sbcsTables from "iconv-lite/encodings/sbcs-data-generated.js";
import { utf8Bytes } from "../utf8.js";

interface TextCodec {
  /** The bytes of the text, or null when a character has no encoding in the set. */
  encode(text: string): Uint8Array | null;
  /** The text of the bytes, undefined sequences as U+FFFD. */
  decode(bytes: Uint8Array): string;
}

const REPLACEMENT = 0xfffd;

function sbcsHighHalf(table: string): string {
  let entry = sbcsTables[table];
  while (typeof entry === "string") entry = sbcsTables[entry];
  if (entry === undefined) throw new Error(`no table ${table}`);
  // 128-character tables give the upper half; the lower half is ASCII.
  return entry.chars.length === 128 ? entry.chars : entry.chars.slice(128);
}

function singleByte(table: string): TextCodec {
  const high = sbcsHighHalf(table);
  let inverse: Map<number, number> | undefined;
  return {
    decode(bytes) {
      let out = "";
      for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : high[b - 0x80]!;
      return out;
    },
    encode(text) {
      if (inverse === undefined) {
        inverse = new Map();
        for (let i = 0; i < 128; i++) {
          const c = high.charCodeAt(i);
          if (c !== REPLACEMENT && !inverse.has(c)) inverse.set(c, i + 0x80);
        }
      }
      const out: number[] = [];
      for (const ch of text) {
        const c = ch.codePointAt(0)!;
        const b = c < 0x80 ? c : inverse.get(c);
        if (b === undefined) return null;
        out.push(b);
      }
      return Uint8Array.from(out);
    },
  };
}

const ascii: TextCodec = {
  decode: (bytes) => Array.from(bytes, (b) => String.fromCharCode(b < 0x80 ? b : REPLACEMENT)).join(""),
  encode(text) {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return null;
      out[i] = c;
    }
    return out;
  },
};

const utf8: TextCodec = {
  decode: (bytes) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
  encode: (text) => utf8Bytes(text),
};

function utf16(littleEndian: boolean, bom: boolean): TextCodec {
  return {
    decode(bytes) {
      let le = littleEndian;
      let body = bytes;
      if (bom && bytes.length >= 2) {
        // UseBOM: a byte order mark picks the order and is dropped; big-endian without one.
        if (bytes[0] === 0xff && bytes[1] === 0xfe) [le, body] = [true, bytes.subarray(2)];
        else if (bytes[0] === 0xfe && bytes[1] === 0xff) [le, body] = [false, bytes.subarray(2)];
      }
      return new TextDecoder(le ? "utf-16le" : "utf-16be", { ignoreBOM: true }).decode(body);
    },
    encode(text) {
      const lead = bom ? 2 : 0;
      const out = new Uint8Array(lead + text.length * 2);
      if (bom) [out[0], out[1]] = littleEndian ? [0xff, 0xfe] : [0xfe, 0xff];
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        const [a, b] = littleEndian ? [c & 0xff, c >> 8] : [c >> 8, c & 0xff];
        out[lead + 2 * i] = a;
        out[lead + 2 * i + 1] = b;
      }
      return out;
    },
  };
}

/** Every one- and two-byte sequence the decoder maps to one character, inverted (first wins). */
function invertDecoder(label: string): Map<number, Uint8Array> {
  const inverse = new Map<number, Uint8Array>();
  const decoder = new TextDecoder(label);
  const add = (seqs: number[][]) => {
    // Sequences separated by LF, which resets every decoder, decoded in one call.
    const buf: number[] = [];
    for (const s of seqs) buf.push(...s, 0x0a);
    const pieces = decoder.decode(Uint8Array.from(buf)).split("\n");
    for (let i = 0; i < seqs.length; i++) {
      const piece = pieces[i]!;
      const c = piece.codePointAt(0);
      if (c === undefined || c === REPLACEMENT || String.fromCodePoint(c).length !== piece.length) continue;
      if (!inverse.has(c)) inverse.set(c, Uint8Array.from(seqs[i]!));
    }
  };
  const singles: number[][] = [];
  // GB18030 decodes a lone 0x80 as € but encodes € in two bytes (only GBK writes 0x80).
  for (let b = label === "gb18030" ? 0x81 : 0x80; b <= 0xff; b++) singles.push([b]);
  add(singles);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    const pairs: number[][] = [];
    for (let trail = 0x40; trail <= 0xfe; trail++) pairs.push([lead, trail]);
    add(pairs);
  }
  return inverse;
}

function gb18030Bytes(pointer: number): Uint8Array {
  const b1 = Math.floor(pointer / 12600);
  const b2 = Math.floor((pointer % 12600) / 1260);
  const b3 = Math.floor((pointer % 1260) / 10);
  return Uint8Array.from([b1 + 0x81, b2 + 0x30, b3 + 0x81, (pointer % 10) + 0x30]);
}

// Four-byte pointers below this cover the rest of the BMP; from 189000 on, the other planes.
const BMP_POINTERS = 39420;

/**
 * GB18030's four-byte form of a code point. Past the BMP it is arithmetic; within it, the
 * decoder maps pointers to code points in increasing order (the WHATWG ranges index), so the
 * pointer is found by bisection over the decoder itself.
 */
function gb18030FourByte(c: number, decoder: { decode(bytes: Uint8Array): string }): Uint8Array | undefined {
  if (c >= 0x10000) return gb18030Bytes(189000 + c - 0x10000);
  let lo = 0;
  let hi = BMP_POINTERS - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const bytes = gb18030Bytes(mid);
    const got = decoder.decode(bytes).codePointAt(0)!;
    if (got === c) return bytes;
    if (got < c) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function multiByte(label: string): TextCodec {
  let inverse: Map<number, Uint8Array> | undefined;
  const fourByteDecoder = new TextDecoder(label);
  return {
    decode: (bytes) => new TextDecoder(label).decode(bytes),
    encode(text) {
      inverse ??= invertDecoder(label);
      const out: number[] = [];
      for (const ch of text) {
        const c = ch.codePointAt(0)!;
        if (c < 0x80) {
          out.push(c);
          continue;
        }
        const seq =
          inverse.get(c) ??
          (label === "gb18030" && c !== REPLACEMENT ? gb18030FourByte(c, fourByteDecoder) : undefined);
        if (seq === undefined) return null;
        for (const item of seq) out.push(item);
      }
      return Uint8Array.from(out);
    },
  };
}

/** ISO-2022-JP: ASCII and JIS X 0208 (by way of EUC-JP's table) between escape sequences. */
function iso2022jp(): TextCodec {
  const euc = multiByte("euc-jp");
  return {
    decode: (bytes) => new TextDecoder("iso-2022-jp").decode(bytes),
    encode(text) {
      const out: number[] = [];
      let jis = false;
      for (const ch of text) {
        const c = ch.codePointAt(0)!;
        if (c < 0x80) {
          if (jis) out.push(0x1b, 0x28, 0x42);
          jis = false;
          out.push(c);
          continue;
        }
        const e = euc.encode(ch);
        if (e === null || e.length !== 2 || e[0] === 0x8e) return null;
        if (!jis) out.push(0x1b, 0x24, 0x42);
        jis = true;
        out.push(e[0]! - 0x80, e[1]! - 0x80);
      }
      if (jis) out.push(0x1b, 0x28, 0x42);
      return Uint8Array.from(out);
    },
  };
}

const codecs = new Map<string, TextCodec>();

/** The codec for a charset's codec key (see iana-charsets.ts). */
export function textCodec(key: string): TextCodec {
  let codec = codecs.get(key);
  if (codec !== undefined) return codec;
  if (key === "ascii") codec = ascii;
  else if (key === "utf-8") codec = utf8;
  else if (key === "utf-16") codec = utf16(false, true);
  else if (key === "utf-16be") codec = utf16(false, false);
  else if (key === "utf-16le") codec = utf16(true, false);
  else if (key.startsWith("sbcs:")) codec = singleByte(key.slice(5));
  else if (key === "dbcs:iso-2022-jp") codec = iso2022jp();
  else codec = multiByte(key.slice(5));
  codecs.set(key, codec);
  return codec;
}
