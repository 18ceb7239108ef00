// The check with OpenTofu's whole function library for the validation rules.
import { openTofuFunctions } from "@tofukit/functions";
import { type CheckOptions, type CheckResult, checkVariablesWith } from "./check-variables.js";
import type { LoadedModule } from "./load-module.js";

/**
 * Checks the values gathered for a module's variables, as `tofu plan` would before planning:
 * gathering, conversion, nullability, then every validation rule with `openTofuFunctions`.
 */
export function checkVariables(module: LoadedModule, options: CheckOptions = {}): CheckResult {
  return checkVariablesWith(module, options, () => openTofuFunctions(options.functions ?? {}));
}
