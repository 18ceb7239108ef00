// The string functions: chomp, endswith, format, formatlist, indent, join, lower, regex, regexall, replace, split, startswith, strcontains, strrev, substr, templatestring, title, trim, trimprefix, trimsuffix, trimspace, upper.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The string functions by name. */
export function stringFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
