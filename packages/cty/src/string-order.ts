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

/** Name counts up to which an insertion sort beats building and sorting an index. */
const INSERTION_SORT_MAX = 12;

/**
 * Sorts `names` into UTF-8 byte order, stably, moving the items of `along` (aligned with the
 * names) with them: both arrays are sorted in place.
 */
export function sortAligned<T>(names: string[], along: T[]): void {
  const n = names.length;
  if (n <= INSERTION_SORT_MAX) {
    for (let i = 1; i < n; i++) {
      const name = names[i]!;
      const item = along[i]!;
      let j = i - 1;
      while (j >= 0 && compareStrings(names[j]!, name) > 0) {
        names[j + 1] = names[j]!;
        along[j + 1] = along[j]!;
        j--;
      }
      names[j + 1] = name;
      along[j + 1] = item;
    }
    return;
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((a, b) => compareStrings(names[a]!, names[b]!));
  const oldNames = names.slice();
  const oldItems = along.slice();
  for (let i = 0; i < n; i++) {
    names[i] = oldNames[order[i]!]!;
    along[i] = oldItems[order[i]!]!;
  }
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
