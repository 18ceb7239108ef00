// Go's `%q` rendering of a string (strconv.Quote), which OpenTofu's CLI config messages use for labels.

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;
const named: Readonly<Record<string, string>> = {
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

/** Printable characters as they are; the rest as `\xNN`, `\uNNNN` or `\UNNNNNNNN`. */
export function goQuote(text: string): string {
  let out = "";
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const short = named[char];
    if (short !== undefined) out += short;
    else if (code >= 0xd800 && code <= 0xdfff) out += "\\ufffd";
    else if (printable.test(char)) out += char;
    else if (code < 0x80) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return `"${out}"`;
}
