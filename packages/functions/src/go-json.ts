// cty's JSON text as Go's encoding/json writes it: HTML-safe, with <, >, & and the line and
// paragraph separators escaped inside strings (they can only occur inside strings).
import { type Type, type Value, valueToJSON } from "@tofukit/cty";
import { goJsonHtmlEscape } from "@tofukit/gostd";

/** ctyjson.Marshal(v, type) as text. */
export function goJSON(v: Value, type: Type = v.type): string {
  return goJsonHtmlEscape(valueToJSON(v, type));
}
