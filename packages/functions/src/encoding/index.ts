// The encoding functions: base64decode, base64encode, base64gzip, csvdecode, jsondecode, jsonencode, textdecodebase64, textencodebase64, urlencode, yamldecode, yamlencode.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The encoding functions by name. */
export function encodingFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
