// The datetime functions: formatdate, plantimestamp, timeadd, timecmp, timestamp.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The datetime functions by name. */
export function datetimeFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
