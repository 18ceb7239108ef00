// gzip for base64gzip / base64gunzip through fflate (pure JS, so it runs in browsers, where
// Node's zlib does not). The header is written as Go's compress/gzip writes it (no name, no
// time, XFL 0, OS 255), but the deflate stream is fflate's, not Go's compressor's: the bytes
// differ from OpenTofu's while decompressing to the same text. Decompression checks the CRC.
import { gunzipSync, gzipSync } from "fflate";

const GO_DEFAULT_LEVEL = 6;

export function gzipGoHeader(data: Uint8Array): Uint8Array {
  const out = gzipSync(data, { level: GO_DEFAULT_LEVEL, mtime: 0 });
  out.fill(0, 4, 9);
  out[9] = 0xff;
  return out;
}

let crcTable: Uint32Array | undefined;

function crc32(data: Uint8Array): number {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of data) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** The decompressed bytes, or Go's failure: where it happened ("header"/"data") and why. */
export function gunzip(
  data: Uint8Array,
): { bytes: Uint8Array } | { stage: "header" | "data"; reason: string } {
  if (data.length === 0) return { stage: "header", reason: "EOF" };
  if (data.length < 10) return { stage: "header", reason: "unexpected EOF" };
  if (data[0] !== 0x1f || data[1] !== 0x8b || data[2] !== 8)
    return { stage: "header", reason: "gzip: invalid header" };
  let bytes: Uint8Array;
  try {
    bytes = gunzipSync(data);
  } catch (e) {
    return { stage: "data", reason: e instanceof Error ? e.message : String(e) };
  }
  const n = data.length;
  if (n < 18) return { stage: "data", reason: "unexpected EOF" };
  const crc = (data[n - 8]! | (data[n - 7]! << 8) | (data[n - 6]! << 16) | (data[n - 5]! << 24)) >>> 0;
  const size = (data[n - 4]! | (data[n - 3]! << 8) | (data[n - 2]! << 16) | (data[n - 1]! << 24)) >>> 0;
  if (crc !== crc32(bytes) || size !== bytes.length >>> 0)
    return { stage: "data", reason: "gzip: invalid checksum" };
  return { bytes };
}
