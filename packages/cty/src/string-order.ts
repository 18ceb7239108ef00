// Byte-wise (UTF-8) string ordering, as Go's `<` on strings and `sort.Strings` compare.
//
// JavaScript's `<` compares UTF-16 code units, which disagrees with UTF-8 byte order once
// astral characters (surrogate pairs) meet characters in U+E000..U+FFFF. Comparing by code
// point reproduces UTF-8 byte order exactly.

/** Negative, zero or positive as `a` sorts before, with or after `b` in UTF-8 byte order. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(i);
    if (ca === cb) continue;
    // Surrogates (U+D800..U+DFFF) encode code points above U+FFFF, which sort after every
    // BMP character in UTF-8, including U+E000..U+FFFF.
    const sa = ca >= 0xd800 && ca <= 0xdfff;
    const sb = cb >= 0xd800 && cb <= 0xdfff;
    if (sa === sb) return ca - cb;
    return sa ? 1 : -1;
  }
  return a.length - b.length;
}

/** A copy of `names` sorted in UTF-8 byte order. */
export function sortedStrings(names: Iterable<string>): string[] {
  return [...names].sort(compareStrings);
}

/** Up to this many keys, a scan finds a key faster than a binary search. */
const SCAN_KEYS = 8;

/** Index of `key` in `keys`, which are sorted in UTF-8 byte order (as compareStrings sorts), or -1. */
export function indexOfSortedKey(keys: readonly string[], key: string): number {
  if (keys.length <= SCAN_KEYS) return keys.indexOf(key);
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = compareStrings(keys[mid]!, key);
    if (c === 0) return mid;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
