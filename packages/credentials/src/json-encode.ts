// JSON as Go's encoding/json writes it: sorted keys, HTML-safe escapes, numbers as their source text.
import { JsonNumber, type JsonValue } from "./json-decode.js";
import { compareUtf8 } from "./utf8-order.js";

/**
 * `json.MarshalIndent(v, "", "  ")` when `indent` is true, `json.Marshal(v)` otherwise: object keys
 * sorted by their UTF-8 bytes, `<` `>` `&` U+2028 U+2029 escaped, non-ASCII written raw, no trailing
 * newline.
 */
export function encodeJson(value: JsonValue, indent: boolean): string {
  return encode(value, indent ? "\n" : "", indent);
}

function encode(value: JsonValue, newline: string, indent: boolean): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return quote(value);
  if (value instanceof JsonNumber) return value.text;
  const inner = indent ? `${newline}  ` : "";
  const colon = indent ? ": " : ":";
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    const items = value.map((item) => inner + encode(item, inner, indent));
    return `[${items.join(",")}${newline}]`;
  }
  if (value.size === 0) return "{}";
  const keys = [...value.keys()].sort(compareUtf8);
  const members = keys.map(
    (key) => `${inner}${quote(key)}${colon}${encode(value.get(key) ?? null, inner, indent)}`,
  );
  return `{${members.join(",")}${newline}}`;
}

const escapes: Readonly<Record<string, string>> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

const needsEscape =
  /["\\\u0000-\u001f<>&\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function quote(s: string): string {
  const body = s.replace(needsEscape, (c) => {
    const known = escapes[c];
    if (known !== undefined) return known;
    const code = c.charCodeAt(0);
    // Go writes invalid UTF-16 (an unpaired surrogate) as the replacement character.
    if (code >= 0xd800 && code <= 0xdfff) return "\\ufffd";
    return `\\u00${code.toString(16).padStart(2, "0")}`;
  });
  return `"${body}"`;
}
