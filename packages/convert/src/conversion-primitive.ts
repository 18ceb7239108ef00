// Conversions between string, number and bool.
//
// Safe: number → string (Go's Text('f', -1)), bool → string. Unsafe adds string → number
// (big.ParseFloat syntax at 512 bits) and string → bool ("true"/"1", "false"/"0").
// number ↔ bool never converts.

import { boolVal, CtyNumber, numberVal, type PrimitiveType, stringVal } from "@tofukit/cty";
import type { Conversion } from "./conversion.js";
import { ConversionError } from "./errors.js";
import { pathSteps } from "./path.js";

const TRUE = boolVal(true);
const FALSE = boolVal(false);
const TRUE_STRING = stringVal("true");
const FALSE_STRING = stringVal("false");

export function primitiveConversion(
  inType: PrimitiveType,
  outType: PrimitiveType,
  unsafe: boolean,
): Conversion | null {
  if (outType.kind === "string") {
    if (inType.kind === "number") return (v) => stringVal(v.asNumber().toString());
    if (inType.kind === "bool") return (v) => (v.asBool() ? TRUE_STRING : FALSE_STRING);
    return null;
  }
  if (!unsafe || inType.kind !== "string") return null;
  if (outType.kind === "number") {
    return (v, path) => {
      const n = CtyNumber.parse(v.asString());
      if (n === null)
        throw new ConversionError("TOFUKIT_CONVERT_NUMBER_REQUIRED", "a number is required", pathSteps(path));
      return numberVal(n);
    };
  }
  return (v, path) => {
    const s = v.asString();
    if (s === "true" || s === "1") return TRUE;
    if (s === "false" || s === "0") return FALSE;
    // Go's strings.ToLower, for the two words that matter.
    const lower = s.toLowerCase();
    const message =
      lower === "true" || lower === "false"
        ? `a bool is required; to convert from string, use lowercase "${lower}"`
        : "a bool is required";
    throw new ConversionError("TOFUKIT_CONVERT_BOOL_REQUIRED", message, pathSteps(path));
  };
}
