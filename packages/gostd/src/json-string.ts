// Strings in JSON as Go's encoding/json writes them. json.Marshal is HTML-safe by default: `<`,
// `>` and `&` become \u003c, \u003e and \u0026, and U+2028 and U+2029 (line terminators to
// JavaScript) \u2028 and \u2029, so the reference's JSON can sit inside a <script> element.

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

const STRING_ESCAPES: Readonly<Record<string, string>> = {
  ...HTML_ESCAPES,
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

// What json.Marshal escapes in a string; an unpaired surrogate is what Go sees as invalid UTF-8.
const STRING_UNSAFE =
  /["\\\u0000-\u001f<>&\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeInString(c: string): string {
  const known = STRING_ESCAPES[c];
  if (known !== undefined) return known;
  const code = c.charCodeAt(0);
  // Go writes invalid UTF-8 as the replacement character.
  if (code >= 0xd800 && code <= 0xdfff) return "\\ufffd";
  return `\\u00${code.toString(16).padStart(2, "0")}`;
}

/** `s` as json.Marshal writes a string: quoted, HTML-safe, non-ASCII kept as it is. */
export function goJsonString(s: string): string {
  STRING_UNSAFE.lastIndex = 0;
  return STRING_UNSAFE.test(s) ? `"${s.replace(STRING_UNSAFE, escapeInString)}"` : `"${s}"`;
}

/**
 * json.HTMLEscape: JSON text with `<`, `>`, `&`, U+2028 and U+2029 escaped. They can only occur
 * inside strings, where the escapes mean the same characters, so the JSON reads the same.
 */
export function goJsonHtmlEscape(json: string): string {
  HTML_UNSAFE.lastIndex = 0;
  return HTML_UNSAFE.test(json) ? json.replace(HTML_UNSAFE, (c) => HTML_ESCAPES[c]!) : json;
}
