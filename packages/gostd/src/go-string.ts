// The string Go holds for a JavaScript string. Go strings are UTF-8 bytes; where a JavaScript
// string has an unpaired surrogate, the reference has U+FFFD (encoding/json decodes an unpaired
// `\ud800` escape so, and decoding invalid UTF-8 gives it too).

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `s` with each unpaired surrogate replaced by U+FFFD, as the reference would hold it. */
export function toGoString(s: string): string {
  UNPAIRED_SURROGATE.lastIndex = 0;
  return UNPAIRED_SURROGATE.test(s) ? s.replace(UNPAIRED_SURROGATE, "\uFFFD") : s;
}
