// The functions a module's validation rules call: the only expressions of a module's variables
// that are given functions. With the library loaded in groups, a caller loads these groups (and
// no others) before checking the module.
import { type FunctionGroup, groupsProviding } from "@tofukit/functions";
import { type Expression, functionCalls } from "@tofukit/hcl";
import type { LoadedModule } from "./load-module.js";
import type { ModuleTree } from "./module-tree.js";

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

/**
 * The function groups every expression a tree check evaluates may call: the validation rules of
 * every module, and the local values, arguments and repetition arguments of every module call.
 */
export function treeFunctionGroups(tree: ModuleTree): FunctionGroup[] {
  const names: string[] = [];
  const add = (expr: Expression) => {
    for (const call of functionCalls(expr)) names.push(call.name);
  };
  // A module called many times is one loaded module under many nodes: it is looked at once.
  const seen = new Set<LoadedModule>();
  for (const node of [tree.root, ...tree.modules]) {
    const m = node.module;
    if (seen.has(m)) continue;
    seen.add(m);
    for (const d of m.variables.values()) {
      for (const r of d.validations) {
        add(r.condition);
        add(r.errorMessage);
      }
    }
    for (const l of m.locals.values()) add(l.expr);
    for (const c of m.moduleCalls.values()) {
      for (const a of c.arguments) add(a.expr);
      for (const x of [c.count, c.forEach, c.enabled]) if (x !== undefined) add(x.expr);
    }
  }
  return groupsProviding(names);
}
