// Ordering strings by their UTF-8 bytes, as Go sorts map keys and directory entries.

/** Code point order is UTF-8 byte order (UTF-16 code unit order is not, above U+FFFF). */
export function compareUtf8(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; ) {
    const ca = a.codePointAt(i) ?? 0;
    const cb = b.codePointAt(i) ?? 0;
    if (ca !== cb) return ca - cb;
    i += ca > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}
