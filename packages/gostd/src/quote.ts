// Go's strconv.Quote and strconv.QuoteRune (also fmt's `%q`), which the reference uses verbatim in
// its messages: printable Unicode kept, the rest escaped with Go's escapes.
//
// Go quotes bytes and JavaScript strings are UTF-16, so an unpaired surrogate has no Go
// counterpart of its own. What the reference holds for the same input is U+FFFD: encoding/json
// decodes an unpaired `\ud800` escape (and any invalid UTF-8) as U+FFFD, HCL refuses a
// surrogate escape outright, and files are decoded as UTF-8, which yields U+FFFD too. U+FFFD is a
// printable symbol, so strconv.Quote writes it as it is: an unpaired surrogate quotes as "�",
// the text the reference would print for that value.

// Go's unicode.IsPrint, apart from U+0020: letters, marks, numbers, punctuation and symbols.
const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

/** Go's escape of code point `cp` inside quotes `quote`, or null when it is written as it is. */
function escapeFor(cp: number, quote: number): string | null {
  if (cp === quote || cp === 0x5c) return `\\${String.fromCharCode(cp)}`;
  if (cp < 0x80) {
    if (cp >= 0x20 && cp < 0x7f) return null;
    switch (cp) {
      case 0x07:
        return "\\a";
      case 0x08:
        return "\\b";
      case 0x0c:
        return "\\f";
      case 0x0a:
        return "\\n";
      case 0x0d:
        return "\\r";
      case 0x09:
        return "\\t";
      case 0x0b:
        return "\\v";
      default:
        return `\\x${hex(cp, 2)}`;
    }
  }
  if (cp >= 0xd800 && cp <= 0xdfff) return "\ufffd";
  if (!PRINTABLE.test(String.fromCodePoint(cp)))
    return cp < 0x10000 ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
  return null;
}

/** `s` quoted as Go's strconv.Quote (`%q`) quotes it. */
export function goQuote(s: string): string {
  // The hot case (names, keys, messages): printable ASCII without quotes or backslashes, one scan.
  let i = 0;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c >= 0x7f || c === 0x22 || c === 0x5c) break;
  }
  if (i === s.length) return `"${s}"`;
  let out = '"';
  let plainStart = 0;
  while (i < s.length) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const esc = cp >= 0x20 && cp < 0x7f && cp !== 0x22 && cp !== 0x5c ? null : escapeFor(cp, 0x22);
    if (esc !== null) {
      if (i > plainStart) out += s.slice(plainStart, i);
      out += esc;
      plainStart = i + width;
    }
    i += width;
  }
  if (s.length > plainStart) out += s.slice(plainStart);
  return `${out}"`;
}

/**
 * Code point `r` quoted as Go's strconv.QuoteRune (`%q` of a rune): in single quotes, `'` escaped
 * and `"` not. A value that is not a valid rune (a surrogate, above U+10FFFF) quotes as U+FFFD.
 */
export function goQuoteRune(r: number): string {
  const valid = Number.isInteger(r) && r >= 0 && r <= 0x10ffff && !(r >= 0xd800 && r <= 0xdfff);
  const cp = valid ? r : 0xfffd;
  return `'${escapeFor(cp, 0x27) ?? String.fromCodePoint(cp)}'`;
}
