// The module instance a diagnostic is about, kept in its `extra`.
import type { Diagnostic } from "@tofukit/hcl";

/** `d` as about the module instance `module` (`module.a["x"]`); the root module ("") leaves it as it is. */
export function inModule(d: Diagnostic, module: string): Diagnostic {
  return module === "" ? d : { ...d, extra: { ...d.extra, module } };
}
