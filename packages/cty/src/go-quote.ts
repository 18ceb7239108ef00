// Go's strconv.Quote (also `%q`): double-quoted, printable Unicode kept, the rest escaped.

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and U+0020.
const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/** The escape Go writes for code point `cp`, or null when it is kept as it is. */
function escapeFor(cp: number): string | null {
  if (cp === 0x22) return '\\"';
  if (cp === 0x5c) return "\\\\";
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
  // A lone surrogate cannot come from valid UTF-8; Go would see U+FFFD.
  if (cp >= 0xd800 && cp <= 0xdfff) return "\ufffd";
  if (!PRINTABLE.test(String.fromCodePoint(cp)))
    return cp < 0x10000 ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
  return null;
}

/** `s` quoted as Go's strconv.Quote quotes it. */
export function goQuote(s: string): string {
  // Most strings are printable ASCII without quotes or backslashes: one scan, one concatenation.
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
    const esc = cp >= 0x20 && cp < 0x7f && cp !== 0x22 && cp !== 0x5c ? null : escapeFor(cp);
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
