// The network functions: cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The network functions by name. */
export function networkFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
