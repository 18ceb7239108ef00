// convert(value, type): OpenTofu's value conversion (cty's convert.Convert, always unsafe).

import { MAX_DEPTH, requireThisCopy, type Type, type Value } from "@tofukit/cty";
import { convertWith, newContext } from "./conversion.js";
import { ConversionError } from "./errors.js";

/**
 * Converts `value` to `type` (a type constraint: `any` and optional attributes allowed) the
 * way OpenTofu converts a variable's value. Returns the value itself when its type already
 * matches. Throws ConversionError with cty's message and the failing path, and CtyError
 * TOFUKIT_CTY_OTHER_COPY for a value or type made by another copy of @tofukit/cty.
 */
export function convert(value: Value, type: Type): Value {
  requireThisCopy(value, "value");
  requireThisCopy(type, "type");
  if (value.type.depth > MAX_DEPTH || type.depth > MAX_DEPTH) {
    throw new ConversionError(
      "TOFUKIT_CONVERT_TOO_DEEP",
      `values and types nested deeper than ${MAX_DEPTH} levels are not converted`,
    );
  }
  return convertWith(newContext(), value, type);
}

/** Whether `value` converts to `type`: convert without the error. */
export function canConvert(value: Value, type: Type): boolean {
  try {
    convert(value, type);
    return true;
  } catch (e) {
    if (e instanceof ConversionError) return false;
    throw e;
  }
}
