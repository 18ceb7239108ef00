// jsonencode's text: ctyjson.Marshal(v, v.type), which is cty's valueToJSON (exact numbers, keys
// in cty's order, strings escaped as Go's encoding/json does); its refusals become the
// function's errors.
import { CtyError, FunctionError, type Value, valueToJSON } from "@tofukit/cty";

/** jsonencode's text for a wholly known value. */
export function jsonEncode(v: Value): string {
  if (v.isNull) return "null";
  try {
    return valueToJSON(v, v.type);
  } catch (e) {
    if (e instanceof CtyError) throw new FunctionError(e.message);
    throw e;
  }
}
