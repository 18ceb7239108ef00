// cty's JSON text as Go's encoding/json writes it (ctyjson.Marshal): valueToJSON already escapes
// strings as Go does (HTML-safe, invalid UTF-8 as U+FFFD).
import { type Type, type Value, valueToJSON } from "@tofukit/cty";

/** ctyjson.Marshal(v, type) as text. */
export function goJSON(v: Value, type: Type = v.type): string {
  return valueToJSON(v, type);
}
