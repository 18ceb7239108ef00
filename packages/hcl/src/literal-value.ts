// The cty value of a literal written in the source.
import { boolVal, dynamicVal, nullVal, numberVal, stringVal, t, type Value } from "@tofukit/cty";
import type { Literal } from "./ast.js";

/** A cty value for a literal written in the source; `unknown` (a part that failed to parse) is DynamicVal. */
export function literalValue(lit: Literal): Value {
  switch (lit.type) {
    case "string":
      return stringVal(lit.value);
    case "number":
      return numberVal(lit.text);
    case "bool":
      return boolVal(lit.value);
    case "null":
      return nullVal(t.dynamic);
    case "unknown":
      return dynamicVal;
  }
}
