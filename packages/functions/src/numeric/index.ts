// The numeric functions: abs, ceil, floor, log, max, min, parseint, pow, signum.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The numeric functions by name. */
export function numericFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
