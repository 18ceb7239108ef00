// cty's JSON text as Go's encoding/json writes it: HTML-safe, with <, >, & and the line and
// paragraph separators escaped inside strings (they can only occur inside strings).
import { type Type, type Value, valueToJSON } from "@tofukit/cty";

const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

function escapeUnicode(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** ctyjson.Marshal(v, type) as text. */
export function goJSON(v: Value, type: Type = v.type): string {
  const text = valueToJSON(v, type);
  return HTML_UNSAFE.test(text) ? text.replace(HTML_UNSAFE, escapeUnicode) : text;
}
