// The filesystem functions: abspath, dirname, pathexpand, basename, file, fileexists, fileset, filebase64, templatefile.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The filesystem functions by name. */
export function filesystemFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
