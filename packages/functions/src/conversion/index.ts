// The conversion functions: tobool, tolist, tomap, tonumber, toset, tostring, type.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The conversion functions by name. */
export function conversionFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
