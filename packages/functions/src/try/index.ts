// The try functions: can, try.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The try functions by name. */
export function tryFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
