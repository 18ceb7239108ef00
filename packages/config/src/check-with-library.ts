// The check with OpenTofu's whole function library for the validation rules.
import { openTofuFunctions } from "@tofukit/functions";
import {
  checkModuleTreeWith,
  type ModuleTreeCheck,
  type ModuleTreeCheckOptions,
} from "./check-module-tree.js";
import { type CheckOptions, type CheckResult, checkVariablesWith } from "./check-variables.js";
import type { LoadedModule } from "./load-module.js";
import type { ModuleTree } from "./module-tree.js";

/**
 * Checks the values gathered for a module's variables, as `tofu plan` would before planning:
 * gathering, conversion, nullability, then every validation rule with `openTofuFunctions`.
 */
export function checkVariables(module: LoadedModule, options: CheckOptions = {}): CheckResult {
  return checkVariablesWith(module, options, () => openTofuFunctions(options.functions ?? {}));
}

/**
 * Checks a module tree (loadModuleTree) as `tofu plan` would before planning: the root's values
 * as checkVariables, then every module call down the tree, with `openTofuFunctions`.
 */
export function checkModuleTree(tree: ModuleTree, options: ModuleTreeCheckOptions = {}): ModuleTreeCheck {
  return checkModuleTreeWith(tree, options, () => openTofuFunctions(options.functions ?? {}));
}
