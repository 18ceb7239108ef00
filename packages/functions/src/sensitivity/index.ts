// The sensitivity functions: issensitive, nonsensitive, sensitive.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The sensitivity functions by name. */
export function sensitivityFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
