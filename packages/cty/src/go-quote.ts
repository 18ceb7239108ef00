// Go's strconv.Quote (also `%q`): double-quoted, printable Unicode kept, the rest escaped.

// Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and U+0020.
const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;

function hex(n: number, width: number): string {
  return n.toString(16).padStart(width, "0");
}

/** `s` quoted as Go's strconv.Quote quotes it. */
export function goQuote(s: string): string {
  let out = '"';
  let plainStart = 0;
  const flush = (end: number) => {
    if (end > plainStart) out += s.slice(plainStart, end);
  };
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    // Fast path: printable ASCII other than quote and backslash.
    if (cp >= 0x20 && cp < 0x7f && cp !== 0x22 && cp !== 0x5c) {
      i += width;
      continue;
    }
    let esc: string | null = null;
    if (cp === 0x22) esc = '\\"';
    else if (cp === 0x5c) esc = "\\\\";
    else if (cp < 0x80) {
      switch (cp) {
        case 0x07:
          esc = "\\a";
          break;
        case 0x08:
          esc = "\\b";
          break;
        case 0x0c:
          esc = "\\f";
          break;
        case 0x0a:
          esc = "\\n";
          break;
        case 0x0d:
          esc = "\\r";
          break;
        case 0x09:
          esc = "\\t";
          break;
        case 0x0b:
          esc = "\\v";
          break;
        default:
          esc = `\\x${hex(cp, 2)}`;
      }
    } else if (cp >= 0xd800 && cp <= 0xdfff) {
      // A lone surrogate cannot come from valid UTF-8; Go would see U+FFFD.
      esc = "\ufffd";
    } else if (!PRINTABLE.test(String.fromCodePoint(cp))) {
      esc = cp < 0x10000 ? `\\u${hex(cp, 4)}` : `\\U${hex(cp, 8)}`;
    }
    if (esc !== null) {
      flush(i);
      out += esc;
      plainStart = i + width;
    }
    i += width;
  }
  flush(s.length);
  return `${out}"`;
}
