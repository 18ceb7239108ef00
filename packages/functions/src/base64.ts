// Standard base64 (RFC 4648 §4, padded) as Go's encoding/base64 StdEncoding: encoding, and a
// decoder that skips CR and LF and reports the byte offset of the first bad symbol, as Go's
// CorruptInputError does.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(256).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DECODE[ALPHABET.charCodeAt(i)] = i;
const PAD = 0x3d;

/** Go's `base64.StdEncoding.EncodeToString`. */
export function base64Encode(bytes: Uint8Array): string {
  let out = "";
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const v = bytes[i]! << 16;
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}==`;
  } else if (rest === 2) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8);
    out += `${ALPHABET[v >> 18]!}${ALPHABET[(v >> 12) & 63]!}${ALPHABET[(v >> 6) & 63]!}=`;
  }
  return out;
}

/** The decoded bytes, or the offset Go's CorruptInputError reports. */
type Base64Result = { readonly bytes: Uint8Array } | { readonly corruptAt: number };

function isNewline(c: number): boolean {
  return c === 0x0a || c === 0x0d;
}

/** Go's `base64.StdEncoding.DecodeString` on the UTF-8 bytes of the input. */
export function base64Decode(src: Uint8Array): Base64Result {
  const out = new Uint8Array(Math.ceil(src.length / 4) * 3);
  let n = 0;
  let si = 0;
  const quantum = [0, 0, 0, 0];
  while (si < src.length) {
    let len = 4;
    let j = 0;
    let trailingAt = -1;
    for (; j < 4; j++) {
      if (si === src.length) {
        if (j === 0) return { bytes: out.subarray(0, n) };
        return { corruptAt: si - j };
      }
      const c = src[si++]!;
      const d = DECODE[c]!;
      if (d >= 0) {
        quantum[j] = d;
        continue;
      }
      if (isNewline(c)) {
        j--;
        continue;
      }
      if (c !== PAD || j < 2) return { corruptAt: si - 1 };
      if (j === 2) {
        while (si < src.length && isNewline(src[si]!)) si++;
        if (si === src.length) return { corruptAt: src.length };
        if (src[si] !== PAD) return { corruptAt: si - 1 };
        si++;
      }
      while (si < src.length && isNewline(src[si]!)) si++;
      if (si < src.length) trailingAt = si;
      len = j;
      break;
    }
    const v =
      (quantum[0]! << 18) |
      (quantum[1]! << 12) |
      ((len > 2 ? quantum[2]! : 0) << 6) |
      (len > 3 ? quantum[3]! : 0);
    out[n++] = (v >> 16) & 0xff;
    if (len > 2) out[n++] = (v >> 8) & 0xff;
    if (len > 3) out[n++] = v & 0xff;
    if (trailingAt >= 0) return { corruptAt: trailingAt };
    if (len < 4) break;
    // Skip newlines so a trailing one does not start an empty quantum.
    while (si < src.length && isNewline(src[si]!)) si++;
  }
  return { bytes: out.subarray(0, n) };
}
