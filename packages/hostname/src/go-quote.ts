// Go's `%q` formatting of a string (strconv.Quote), used verbatim in the reference's messages:
// printable runes stay as they are, everything else is escaped.
const PRINTABLE = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const SHORT_ESCAPES: Record<string, string> = {
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  "\\": "\\\\",
  '"': '\\"',
};

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

export function goQuote(s: string): string {
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    const short = SHORT_ESCAPES[ch];
    if (short !== undefined) out += short;
    else if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else if (PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}
