// JSON as Go's encoding/json writes it: sorted keys, HTML-safe escapes, numbers as their source text.
import { goJsonString } from "@tofukit/gostd";
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
  if (typeof value === "string") return goJsonString(value);
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
    (key) => `${inner}${goJsonString(key)}${colon}${encode(value.get(key) ?? null, inner, indent)}`,
  );
  return `{${members.join(",")}${newline}}`;
}
