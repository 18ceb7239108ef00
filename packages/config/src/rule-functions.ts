// The functions a module's validation rules call: the only expressions of a module's variables
// that are given functions. With the library loaded in groups, a caller loads these groups (and
// no others) before checking the module.
import { type FunctionGroup, groupsProviding } from "@tofukit/functions";
import { functionCalls } from "@tofukit/hcl";
import type { LoadedModule } from "./load-module.js";

/**
 * The function groups the conditions and error messages of `module`'s validation rules call, as
 * `groupsProviding` gives them (every group for a name the library does not have), for
 * `loadFunctions`. No group for a module without rules.
 */
export function ruleFunctionGroups(module: LoadedModule): FunctionGroup[] {
  const names: string[] = [];
  for (const decl of module.variables.values()) {
    for (const rule of decl.validations) {
      for (const expr of [rule.condition, rule.errorMessage]) {
        for (const call of functionCalls(expr)) names.push(call.name);
      }
    }
  }
  return groupsProviding(names);
}
